package dev.steward.contract;

import io.temporal.activity.ActivityInterface;

/**
 * What a host workflow does on its engine: relay events, and resync all its containers at once.
 * Scheduled on the host's own task queue ({@code HostQueues}), whose worker is bound to its engine.
 */
@ActivityInterface
public interface HostSyncActivities {

    /**
     * Watches the engine's events for Steward containers of this deployment and signals each die,
     * oom and start to the owning part workflow at once. Heartbeats; returns after {@code seconds}.
     *
     * @param since what the previous relay returned: this one passes on the events after it first, so that
     *     nothing the engine sent between two relays is missed; {@code null} for events from now on
     * @return the engine's time up to which events were passed on (its nanoseconds since the epoch)
     */
    Long relayEvents(String deployment, int seconds, Long since);

    /**
     * Lists every Steward container of this deployment on the host in one call and hands each live
     * part workflow whose recorded pods on this host disagree with what it saw its containers
     * ({@code resyncHost}). Removes, once older than {@code orphanAgeSeconds}, containers no live
     * session wants (orphans) and containers labelled with this host whose pod holds no placement
     * on it any more (stale: left behind when the pod moved while the host was unreachable).
     *
     * @param sweepLeftovers whether it also removes the networks and volumes of sessions that no longer want
     *     them, which a removal cut short left behind: rare, and on a busy engine a listing as long as the
     *     containers', so the host workflow asks for it only every few minutes
     */
    ResyncResult resync(String deployment, int orphanAgeSeconds, boolean sweepLeftovers);
}
