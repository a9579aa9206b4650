package dev.steward.model;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** Checks a host registration or change and names every offending field. Pure: no I/O. */
public final class HostSpecValidator {

    /** Host names appear in placements, pod views and workflow ids, so they are DNS labels like part names. */
    private static final Pattern NAME = SpecRules.NAME;

    /** Label keys and values as Kubernetes spells them: an optional DNS prefix, then a name. */
    private static final Pattern LABEL_KEY =
            Pattern.compile("([a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?/)?[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?");
    private static final Pattern LABEL_VALUE = Pattern.compile("([A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?)?");

    private HostSpecValidator() {}

    public static List<FieldError> validate(HostSpec spec) {
        List<FieldError> errors = new ArrayList<>();
        if (spec == null) {
            errors.add(new FieldError("", "a host is required"));
            return errors;
        }
        if (spec.name() == null || spec.name().isBlank()) {
            errors.add(new FieldError("name", "must not be blank"));
        } else if (!NAME.matcher(spec.name()).matches()) {
            errors.add(new FieldError("name", "must be a DNS label: lower-case letters, digits and '-', at most 63 characters"));
        }
        String scheme = validateEndpoint(spec.endpoint(), errors);
        validateCapacity(spec.capacity(), errors);
        validateLabels(spec.labels(), "labels", errors);
        validateTls(spec.tls(), scheme, errors);
        return errors;
    }

    /** The parts of a host an operator may change later. */
    public static List<FieldError> validateChange(HostCapacity capacity, Map<String, String> labels) {
        List<FieldError> errors = new ArrayList<>();
        validateCapacity(capacity, errors);
        validateLabels(labels, "labels", errors);
        return errors;
    }

    /** Labels a pod's {@code hostSelector} asks for; the same rules as host labels. */
    /** At most this many labels on a host, a session or a pod's host selector. */
    public static final int MAX_LABELS = 64;

    public static void validateLabels(Map<String, String> labels, String path, List<FieldError> errors) {
        if (labels == null) {
            return;
        }
        if (labels.size() > MAX_LABELS) {
            errors.add(new FieldError(path, "must have at most " + MAX_LABELS + " entries"));
        }
        for (Map.Entry<String, String> label : labels.entrySet()) {
            if (!LABEL_KEY.matcher(label.getKey()).matches()) {
                errors.add(new FieldError(path + "." + label.getKey(), "is not a valid label key"));
            } else if (label.getValue() == null || !LABEL_VALUE.matcher(label.getValue()).matches()) {
                errors.add(new FieldError(path + "." + label.getKey(),
                        "must be at most 63 letters, digits, '-', '_' or '.', starting and ending with a letter or digit"));
            }
        }
    }

    /** @return the endpoint's scheme when it is valid, else {@code null} */
    private static String validateEndpoint(String endpoint, List<FieldError> errors) {
        String expected = "must be unix:///absolute/path.sock or tcp://host:port";
        if (endpoint == null || endpoint.isBlank()) {
            errors.add(new FieldError("endpoint", "must not be blank; " + expected));
            return null;
        }
        URI uri;
        try {
            uri = new URI(endpoint);
        } catch (URISyntaxException e) {
            errors.add(new FieldError("endpoint", "is not a URI (" + e.getReason() + "); " + expected));
            return null;
        }
        String scheme = uri.getScheme();
        boolean valid;
        if ("unix".equals(scheme)) {
            valid = uri.getRawAuthority() == null && uri.getPath() != null && uri.getPath().length() > 1
                    && uri.getQuery() == null && uri.getFragment() == null;
        } else if ("tcp".equals(scheme)) {
            valid = uri.getHost() != null && uri.getPort() >= 1 && uri.getPort() <= 65535
                    && (uri.getPath() == null || uri.getPath().isEmpty() || uri.getPath().equals("/"))
                    && uri.getUserInfo() == null && uri.getQuery() == null && uri.getFragment() == null;
        } else {
            valid = false;
        }
        if (!valid) {
            errors.add(new FieldError("endpoint", expected));
            return null;
        }
        return scheme;
    }

    private static void validateCapacity(HostCapacity capacity, List<FieldError> errors) {
        if (capacity == null) {
            return;
        }
        if (capacity.pods() != null && capacity.pods() < 0) {
            errors.add(new FieldError("capacity.pods", "must not be negative"));
        }
        if (capacity.cpus() != null && (capacity.cpus() < 0 || !Double.isFinite(capacity.cpus()))) {
            errors.add(new FieldError("capacity.cpus", "must be a finite number, not negative"));
        }
        if (capacity.memoryMb() != null && capacity.memoryMb() < 0) {
            errors.add(new FieldError("capacity.memoryMb", "must not be negative"));
        }
    }

    private static void validateTls(HostTls tls, String scheme, List<FieldError> errors) {
        if (tls == null) {
            return;
        }
        if ("unix".equals(scheme)) {
            errors.add(new FieldError("tls", "only applies to tcp:// endpoints"));
            return;
        }
        boolean anyPath = tls.caPath() != null || tls.certPath() != null || tls.keyPath() != null;
        if (tls.secretRef() != null) {
            if (anyPath) {
                errors.add(new FieldError("tls", "give either secretRef or caPath, certPath and keyPath, not both"));
            }
            String[] parts = tls.secretRef().split("/", -1);
            if (parts.length != 2 || !NAME.matcher(parts[0]).matches() || !NAME.matcher(parts[1]).matches()) {
                errors.add(new FieldError("tls.secretRef", "must be namespace/name, both DNS labels"));
            }
            return;
        }
        requireAbsolutePath(tls.caPath(), "tls.caPath", errors);
        requireAbsolutePath(tls.certPath(), "tls.certPath", errors);
        requireAbsolutePath(tls.keyPath(), "tls.keyPath", errors);
    }

    private static void requireAbsolutePath(String path, String field, List<FieldError> errors) {
        if (path == null || path.isBlank()) {
            errors.add(new FieldError(field, "is required unless tls.secretRef is given"));
        } else if (!path.startsWith("/")) {
            errors.add(new FieldError(field, "must be an absolute path"));
        }
    }
}
