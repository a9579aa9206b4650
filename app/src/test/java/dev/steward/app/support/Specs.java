package dev.steward.app.support;

import java.util.List;
import java.util.Map;

/** Session specs the integration tests send, as the JSON a user would write. */
public final class Specs {

    public static final String BUSYBOX = "localhost/busybox:latest";

    private Specs() {}

    /** Two parts of two long-running busybox pods each. */
    public static Map<String, Object> twoByTwo(String owner) {
        return Map.of(
                "owner", owner,
                "parts", List.of(part("web", "server", "cache"), part("backend", "db", "queue")));
    }

    public static Map<String, Object> part(String name, String... pods) {
        return Map.of("name", name, "pods", java.util.Arrays.stream(pods).map(Specs::sleeper).toList());
    }

    public static Map<String, Object> sleeper(String name) {
        return Map.of(
                "name", name,
                "image", BUSYBOX,
                "command", List.of("sleep", "3600"),
                "env", Map.of("POD", name, "ROLE", "test"));
    }
}
