package dev.steward.workflow;

import java.time.Duration;

/**
 * What a host workflow watches.
 *
 * @param host the host's name; {@code local} for the one engine Steward has now
 * @param deployment the deployment label of the containers it may touch
 * @param resyncInterval how often it lists all its containers, and the age an orphan must reach
 * @param eventsEnabled whether engine events are relayed; off, only the resync notices crashes
 */
public record HostInput(String host, String deployment, Duration resyncInterval, boolean eventsEnabled) {}
