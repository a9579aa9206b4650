package dev.steward.app.host;

import dev.steward.config.EngineConfig;
import dev.steward.model.AllowList;
import dev.steward.model.FieldError;
import dev.steward.model.HostSpec;
import dev.steward.model.HostTls;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Which engines a host may be registered at, so that a token allowed to register hosts cannot point
 * Steward at any socket or address it reaches: an endpoint must match the allow-list (or be the
 * service's own engine), and TLS files must lie under the configured directory.
 */
@Singleton
public class HostEndpointPolicy {

    private final AllowList allowed;
    private final Path tlsDir;

    public HostEndpointPolicy(HostAccessConfig settings, EngineConfig engine) {
        this.allowed = new AllowList(Stream.concat(Stream.of(engine.host()),
                settings.allowedEndpoints() == null ? Stream.empty() : settings.allowedEndpoints().stream()).toList());
        this.tlsDir = Path.of(settings.tlsDir()).normalize();
    }

    /** What in the host's endpoint and TLS files the policy refuses; empty when it allows them. */
    public List<FieldError> check(HostSpec spec) {
        List<FieldError> errors = new ArrayList<>();
        String endpoint = spec.endpoint();
        if (endpoint != null && !(normalized(endpoint) && allowed.allows(endpoint))) {
            errors.add(new FieldError("endpoint", "is not allowed: steward.hosts.access.allowed-endpoints permits " + allowed));
        }
        HostTls tls = spec.tls();
        if (tls != null) {
            checkTlsFile(tls.caPath(), "tls.caPath", errors);
            checkTlsFile(tls.certPath(), "tls.certPath", errors);
            checkTlsFile(tls.keyPath(), "tls.keyPath", errors);
        }
        return errors;
    }

    private void checkTlsFile(@Nullable String file, String field, List<FieldError> errors) {
        if (file != null && !(Path.of(file).normalize().toString().equals(file) && Path.of(file).startsWith(tlsDir))) {
            errors.add(new FieldError(field, "must be a file under " + tlsDir + " (steward.hosts.access.tls-dir)"));
        }
    }

    /** A unix socket path with no {@code ..} or {@code .} in it, which a pattern could not see through. */
    private static boolean normalized(String endpoint) {
        return !endpoint.startsWith("unix://") || Path.of(endpoint.substring("unix://".length())).normalize()
                .toString().equals(endpoint.substring("unix://".length()));
    }
}
