package dev.steward.activity;

import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The containers this process has started whose start the engine has not announced yet. The event relay
 * passes such a {@code start} event on to no part: the part that asked for the start learns it from the
 * activity's answer, and a signal would only cost it a workflow task. A start made by anyone else (a
 * person, another process) is relayed as before.
 */
@Singleton
public class StartsMadeHere {

    /** An event later than this is not waited for: a start whose event never came is forgotten. */
    private static final Duration KEPT = Duration.ofMinutes(1);
    /** Past this many, forgotten starts are looked for at each new one. */
    private static final int PRUNE_ABOVE = 1024;

    private final Map<String, Long> startedAt = new ConcurrentHashMap<>();

    /** Called before the engine is asked to start {@code containerId}: its event may come before the answer. */
    void starting(String containerId) {
        long now = System.nanoTime();
        if (startedAt.size() > PRUNE_ABOVE) {
            startedAt.values().removeIf(at -> now - at > KEPT.toNanos());
        }
        startedAt.put(containerId, now);
    }

    /**
     * Called when the start's answer will not reach the part (the call failed), or when the engine answers
     * that it did not start {@code containerId}: its event, if any, goes to the part.
     */
    void forget(String containerId) {
        startedAt.remove(containerId);
    }

    /** Whether a {@code start} event of {@code containerId} is of a start made here; each start answers once. */
    boolean takeEvent(String containerId) {
        Long at = startedAt.remove(containerId);
        return at != null && System.nanoTime() - at <= KEPT.toNanos();
    }
}
