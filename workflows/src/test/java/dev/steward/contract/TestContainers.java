package dev.steward.contract;

import java.time.Instant;
import java.util.UUID;

/** Containers as the engine lists them, for tests of the pure decisions that read them. */
public final class TestContainers {

    public static final UUID SESSION = UUID.fromString("6c1b9a52-4a0e-4d55-9f57-0a4f3f0b2c11");

    private TestContainers() {}

    /** A container of pod web/app of {@link #SESSION} at generation 1, running or exited with code 0. */
    public static ContainerState ofApp(String id, String specHash, boolean running) {
        return new ContainerState(id, "steward_" + id, StewardLabels.forPod(SESSION, "web", "app", 1, specHash, "steward", null),
                running, running ? "running" : "exited", running ? null : 0, false, Instant.EPOCH);
    }
}
