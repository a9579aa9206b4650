package dev.steward.workflow.host;

import dev.steward.model.HostStatus;
import java.time.Duration;

/**
 * What a host workflow observed with a probe, for its {@link HostPlanner} to decide on.
 *
 * @param host the host's name
 * @param watch what the workflow knew before this probe
 * @param status the host's status after the probe
 * @param reachable whether the probe reached the host's engine
 * @param now workflow millis of the probe
 * @param lostAfter how long the host may stay UNREACHABLE before its pods are placed elsewhere
 * @param nextResyncAt workflow millis from which the next resync is due
 */
public record HostObservation(String host, HostWatchState watch, HostStatus status, boolean reachable, long now,
        Duration lostAfter, long nextResyncAt) {}
