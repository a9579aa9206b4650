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
     */
    void relayEvents(String deployment, int seconds);

    /**
     * Lists every Steward container of this deployment on the host in one call and hands each live
     * part workflow whose recorded pods on this host disagree with what it saw its containers
     * ({@code resyncHost}). Removes, once older than {@code orphanAgeSeconds}, containers no live
     * session wants (orphans) and containers labelled with this host whose pod holds no placement
     * on it any more (stale: left behind when the pod moved while the host was unreachable).
     */
    ResyncResult resync(String deployment, int orphanAgeSeconds);
}
