package dev.steward.workflow.host;

import java.time.Duration;

/**
 * What a host workflow watches, and how.
 *
 * @param host the host's name
 * @param deployment the deployment label of the containers it may touch
 * @param resyncInterval how often it lists all its containers, and the age an orphan must reach
 * @param eventsEnabled whether engine events are relayed; off, only the resync notices crashes
 * @param probeInterval how often it probes the engine ({@code steward.hosts.probe-interval});
 *     10 s when absent, as in the input of a run started before probing that continues as new
 * @param lostAfter how long the host stays UNREACHABLE before its pods are placed elsewhere
 *     ({@code steward.hosts.lost-after}); 60 s when absent
 * @param watch what the previous run knew, carried over continue-as-new; {@code null} at first
 * @param eventsRelayedUntil the engine's time up to which the previous run's last finished relay passed on events,
 *     carried over continue-as-new so that the next run's relay starts there; {@code null} at first
 */
public record HostInput(String host, String deployment, Duration resyncInterval, boolean eventsEnabled,
        Duration probeInterval, Duration lostAfter, HostWatchState watch, Long eventsRelayedUntil) {

    public HostInput {
        probeInterval = probeInterval == null ? Duration.ofSeconds(10) : probeInterval;
        lostAfter = lostAfter == null ? Duration.ofSeconds(60) : lostAfter;
    }

    HostInput next(HostWatchState watch, Long eventsRelayedUntil) {
        return new HostInput(host, deployment, resyncInterval, eventsEnabled, probeInterval, lostAfter, watch,
                eventsRelayedUntil);
    }
}
