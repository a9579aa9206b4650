package dev.steward.contract;

import java.time.Instant;
import java.util.Map;

/**
 * What the engine reports about one container.
 *
 * @param id the engine's container id
 * @param name the container name, without a leading slash
 * @param labels its labels
 * @param running whether its process runs
 * @param state the engine's state word: created, running, exited, ...
 * @param exitCode the last exit code, when it has exited
 * @param oomKilled whether the kernel killed it for memory
 * @param createdAt when it was created
 */
public record ContainerState(
        String id,
        String name,
        Map<String, String> labels,
        boolean running,
        String state,
        Integer exitCode,
        boolean oomKilled,
        Instant createdAt) {

    public String label(String key) {
        return labels == null ? null : labels.get(key);
    }
}
