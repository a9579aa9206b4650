package dev.steward.app.support.hollow;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One network of a {@link HollowEngine}: what it was created with; its containers are those created on it. */
public record HollowNetwork(String id, String name, Map<String, String> labels, Instant created) {

    /** The inspect and list APIs' answer, with the containers on it. */
    Map<String, Object> inspect(List<HollowContainer> attached) {
        Map<String, Object> containers = new LinkedHashMap<>();
        for (HollowContainer c : attached) {
            containers.put(c.id, Map.of("Name", c.name, "EndpointID", "", "MacAddress", "",
                    "IPv4Address", c.address + "/16", "IPv6Address", ""));
        }
        Map<String, Object> n = new LinkedHashMap<>();
        n.put("Name", name);
        n.put("Id", id);
        n.put("Created", created.toString());
        n.put("Scope", "local");
        n.put("Driver", "bridge");
        n.put("EnableIPv6", false);
        n.put("Internal", false);
        n.put("Attachable", false);
        n.put("Containers", containers);
        n.put("Options", Map.of());
        n.put("Labels", labels);
        return n;
    }
}
