package dev.steward.contract;

import dev.steward.model.HostStatus;

/**
 * A host's status after a recorded probe.
 *
 * @param host the host's name
 * @param from its status before
 * @param to its status now
 * @param reason why, in one word
 * @param message why, in words
 * @param failedProbes consecutive failed probes now
 */
public record HostStatusChange(String host, HostStatus from, HostStatus to, String reason, String message,
        int failedProbes) {

    public boolean changed() {
        return from != to;
    }
}
