package dev.steward.app.support.hollow;

import java.time.Instant;
import java.util.Map;

/** One named volume of a {@link HollowEngine}: what it was created with; nothing is stored in it. */
public record HollowVolume(String name, Map<String, String> labels, Instant created) {

    /** The create, inspect and list APIs' answer. */
    Map<String, Object> inspect() {
        return Map.of("Name", name, "Driver", "local", "Labels", labels, "Mountpoint", "/hollow/volumes/" + name,
                "CreatedAt", created.toString(), "Scope", "local", "Options", Map.of());
    }
}
