package dev.steward.workflow.host;

import dev.steward.model.HostStatus;

/**
 * What a host workflow remembers between probes.
 *
 * @param status the host's status after the last probe
 * @param unreachableSince workflow millis it became UNREACHABLE, or {@code null}
 * @param told the status the placed parts were last told of, or {@code null} when they were told nothing
 */
public record HostWatchState(HostStatus status, Long unreachableSince, HostStatus told) {}
