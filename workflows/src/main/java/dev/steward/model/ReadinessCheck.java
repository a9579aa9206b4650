package dev.steward.model;

import java.util.List;

/**
 * When a worker pod counts as READY.
 *
 * @param type exec, http or tcp
 * @param command for exec: the command to run in the container
 * @param port for http and tcp: the container port
 * @param path for http: the path to GET; "/" when absent
 * @param intervalSeconds seconds between checks; 5 when absent
 * @param timeoutSeconds seconds one check may take; 1 when absent
 * @param failureThreshold consecutive failures before a ready pod is not ready; 3 when absent
 */
public record ReadinessCheck(
        ProbeType type,
        List<String> command,
        Integer port,
        String path,
        Integer intervalSeconds,
        Integer timeoutSeconds,
        Integer failureThreshold) {

    public ReadinessCheck {
        command = command == null ? List.of() : command;
        path = path == null || path.isBlank() ? "/" : path;
        intervalSeconds = intervalSeconds == null ? 5 : intervalSeconds;
        timeoutSeconds = timeoutSeconds == null ? 1 : timeoutSeconds;
        failureThreshold = failureThreshold == null ? 3 : failureThreshold;
    }
}
