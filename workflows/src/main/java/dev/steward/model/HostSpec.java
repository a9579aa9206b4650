package dev.steward.model;

import java.util.Map;

/**
 * A host as an operator registers it.
 *
 * @param name unique, a DNS label
 * @param endpoint the engine's API: {@code unix:///path/to.sock} or {@code tcp://host:port}
 * @param capacity what may be placed on it; absent or {@code null} fields are unlimited
 * @param labels matched by pods' {@code hostSelector}
 * @param tls for {@code tcp://} endpoints, how to authenticate; absent for plain TCP
 */
public record HostSpec(String name, String endpoint, HostCapacity capacity, Map<String, String> labels, HostTls tls) {

    public HostSpec {
        capacity = capacity == null ? HostCapacity.UNLIMITED : capacity;
        labels = labels == null ? Map.of() : labels;
    }
}
