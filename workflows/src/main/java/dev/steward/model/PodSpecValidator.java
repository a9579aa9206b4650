package dev.steward.model;

import static dev.steward.model.SpecRules.atLeastOne;
import static dev.steward.model.SpecRules.isBlank;
import static dev.steward.model.SpecRules.isPort;
import static dev.steward.model.SpecRules.validateName;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Checks one pod of a session spec and names every offending field: its name, image, command, env,
 * readiness check, ports, host selector, resources, capabilities and mounts. Pure: no I/O, no clock.
 */
public final class PodSpecValidator {

    /** The smallest memory limit container engines accept, in MiB. */
    public static final long MIN_MEMORY_MB = 6;
    /**
     * Counts and lengths a pod stays within, so that a session's workflow input and history stay far
     * from Temporal's payload limit whatever the body size setting (documented under Input in docs/api.md).
     */
    public static final int MAX_IMAGE_LENGTH = 512;
    public static final int MAX_COMMAND_ITEMS = 100;
    public static final int MAX_ENV_ENTRIES = 100;
    /** Of one env value, and of one command or readiness command item. */
    public static final int MAX_TEXT_LENGTH = 4096;
    /** Capabilities one pod adds, at most: Linux has about 40. */
    public static final int MAX_ADDED_CAPABILITIES = 64;

    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private PodSpecValidator() {}

    /** Checks one pod of a part, at {@code path}; its name must be free among {@code podNames}, which it joins. */
    static void validate(PodSpec pod, String path, Set<String> podNames, List<FieldError> errors) {
        if (pod == null) {
            errors.add(new FieldError(path, "must not be null"));
            return;
        }
        validateName(pod.name(), path + ".name", podNames, errors);
        if (isBlank(pod.image())) {
            errors.add(new FieldError(path + ".image", "must not be blank"));
        } else if (pod.image().length() > MAX_IMAGE_LENGTH) {
            errors.add(new FieldError(path + ".image", "must be at most " + MAX_IMAGE_LENGTH + " characters"));
        }
        validateCommand(pod.command(), path + ".command", errors);
        if (pod.env().size() > MAX_ENV_ENTRIES) {
            errors.add(new FieldError(path + ".env", "must have at most " + MAX_ENV_ENTRIES + " entries"));
        }
        for (Map.Entry<String, EnvValue> env : pod.env().entrySet()) {
            String envPath = path + ".env." + env.getKey();
            EnvValue value = env.getValue();
            if (!ENV_NAME.matcher(env.getKey()).matches() || env.getKey().length() > MAX_TEXT_LENGTH) {
                errors.add(new FieldError(envPath, "is not a valid environment variable name"));
            } else if (value == null || (value.value() == null && value.valueFrom() == null)) {
                errors.add(new FieldError(envPath, "must not be null"));
            } else if (value.isSecret() && (isBlank(value.valueFrom().secret()) || isBlank(value.valueFrom().key()))) {
                errors.add(new FieldError(envPath + ".valueFrom", "must name a secret and a key"));
            } else if (value.value() != null && value.value().length() > MAX_TEXT_LENGTH) {
                errors.add(new FieldError(envPath, "must be at most " + MAX_TEXT_LENGTH + " characters"));
            }
        }
        validateBehaviour(pod, path, errors);
        for (int k = 0; k < pod.ports().size(); k++) {
            PortMapping port = pod.ports().get(k);
            String portPath = path + ".ports[" + k + "]";
            if (port == null) {
                errors.add(new FieldError(portPath, "must not be null"));
                continue;
            }
            if (!isPort(port.containerPort())) {
                errors.add(new FieldError(portPath + ".containerPort", "must be between 1 and 65535"));
            }
            if (port.hostPort() != null && !isPort(port.hostPort())) {
                errors.add(new FieldError(portPath + ".hostPort", "must be between 1 and 65535"));
            }
        }
        HostSpecValidator.validateLabels(pod.hostSelector(), path + ".hostSelector", errors);
        validateResources(pod.resources(), path + ".resources", errors);
        validateCapabilities(pod.addCapabilities(), path + ".addCapabilities", errors);
    }

    /** Names only: which capabilities a pod may add is the operator's (steward.pods.security.allowed-capabilities). */
    private static void validateCapabilities(List<String> capabilities, String path, List<FieldError> errors) {
        if (capabilities.size() > MAX_ADDED_CAPABILITIES) {
            errors.add(new FieldError(path, "must have at most " + MAX_ADDED_CAPABILITIES + " items"));
            return;
        }
        for (int k = 0; k < capabilities.size(); k++) {
            if (isBlank(capabilities.get(k))) {
                errors.add(new FieldError(path + "[" + k + "]", "must not be blank"));
            }
        }
    }

    private static void validateCommand(List<String> command, String path, List<FieldError> errors) {
        if (command.size() > MAX_COMMAND_ITEMS) {
            errors.add(new FieldError(path, "must have at most " + MAX_COMMAND_ITEMS + " items"));
        }
        for (int k = 0; k < command.size(); k++) {
            if (command.get(k) == null) {
                errors.add(new FieldError(path + "[" + k + "]", "must not be null"));
            } else if (command.get(k).length() > MAX_TEXT_LENGTH) {
                errors.add(new FieldError(path + "[" + k + "]", "must be at most " + MAX_TEXT_LENGTH + " characters"));
            }
        }
    }

    private static void validateResources(PodResources resources, String path, List<FieldError> errors) {
        if (resources.cpus() != null && (resources.cpus() < 0 || !Double.isFinite(resources.cpus()))) {
            errors.add(new FieldError(path + ".cpus", "must be a finite number, not negative"));
        }
        if (resources.memoryMb() != null && resources.memoryMb() < MIN_MEMORY_MB) {
            errors.add(new FieldError(path + ".memoryMb", "must be at least " + MIN_MEMORY_MB
                    + ": it is also the container's memory limit"));
        }
    }

    private static void validateBehaviour(PodSpec pod, String path, List<FieldError> errors) {
        if (pod.activeDeadlineSeconds() != null) {
            if (!pod.isJob()) {
                errors.add(new FieldError(path + ".activeDeadlineSeconds", "applies to kind JOB only"));
            } else if (pod.activeDeadlineSeconds() < 1) {
                errors.add(new FieldError(path + ".activeDeadlineSeconds", "must be at least 1"));
            }
        }
        ReadinessCheck check = pod.readiness();
        if (check == null) {
            return;
        }
        String checkPath = path + ".readiness";
        if (check.type() == null) {
            errors.add(new FieldError(checkPath + ".type", "is required: one of EXEC, HTTP, TCP"));
        } else if (check.type() == ProbeType.EXEC) {
            if (check.command().isEmpty() || check.command().contains(null)) {
                errors.add(new FieldError(checkPath + ".command", "is required for an EXEC check, without nulls"));
            } else {
                validateCommand(check.command(), checkPath + ".command", errors);
            }
        } else if (check.port() == null || !isPort(check.port())) {
            errors.add(new FieldError(checkPath + ".port", "is required for an HTTP or TCP check: 1-65535"));
        }
        if (check.type() == ProbeType.HTTP && !check.path().startsWith("/")) {
            errors.add(new FieldError(checkPath + ".path", "must start with '/'"));
        }
        atLeastOne(check.intervalSeconds(), checkPath + ".intervalSeconds", errors);
        atLeastOne(check.timeoutSeconds(), checkPath + ".timeoutSeconds", errors);
        atLeastOne(check.failureThreshold(), checkPath + ".failureThreshold", errors);
    }

    /** The pod's mounts of the session's {@code declared} volumes, at {@code path}. */
    static void validateMounts(List<VolumeMount> mounts, Set<String> declared, String path,
            List<FieldError> errors) {
        Set<String> paths = new HashSet<>();
        for (int k = 0; k < mounts.size(); k++) {
            VolumeMount mount = mounts.get(k);
            String at = path + "[" + k + "]";
            if (mount == null) {
                errors.add(new FieldError(at, "must not be null"));
                continue;
            }
            if (mount.volume() == null || !declared.contains(mount.volume())) {
                errors.add(new FieldError(at + ".volume", "names no volume of the session: '" + mount.volume() + "'"));
            }
            if (mount.path() == null || !mount.path().startsWith("/") || mount.path().contains(":")) {
                errors.add(new FieldError(at + ".path", "must be an absolute path without ':'"));
            } else if (!paths.add(mount.path())) {
                errors.add(new FieldError(at + ".path", "duplicate mount path '" + mount.path() + "'"));
            }
        }
    }}
