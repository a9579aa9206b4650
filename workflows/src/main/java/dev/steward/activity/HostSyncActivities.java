package dev.steward.activity;

import io.temporal.activity.ActivityInterface;

/** What a host workflow does on its engine: relay events, and resync all its containers at once. */
@ActivityInterface
public interface HostSyncActivities {

    /**
     * Watches the engine's events for Steward containers of this deployment and signals each die,
     * oom and start to the owning part workflow at once. Heartbeats; returns after {@code seconds}.
     */
    void relayEvents(String deployment, int seconds);

    /**
     * Lists every Steward container of this deployment in one call, hands each live part workflow
     * whose recorded pods disagree with what it saw its containers, and removes containers no live session wants that are older than
     * {@code orphanAgeSeconds}.
     */
    ResyncResult resync(String deployment, int orphanAgeSeconds);
}
