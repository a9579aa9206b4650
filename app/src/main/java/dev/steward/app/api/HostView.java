package dev.steward.app.api;

import dev.steward.app.host.HostAndUsage;
import dev.steward.model.HostCapacity;
import dev.steward.model.HostStatus;
import dev.steward.model.HostTls;
import dev.steward.store.HostRow;
import dev.steward.store.HostUsage;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import java.time.Instant;
import java.util.Map;

/**
 * A host as the API shows it.
 *
 * @param name its name
 * @param endpoint its engine's API
 * @param tls the TLS file paths or secret reference; never the contents
 * @param capacity what it may hold; {@code null} fields are unlimited
 * @param labels what pods' {@code hostSelector}s match
 * @param enabled the operator's switch
 * @param draining whether the operator is draining it
 * @param status its observed status
 * @param reason why it has that status
 * @param message the reason in words
 * @param engineVersion the engine's version at the last probe that reached it
 * @param apiVersion the engine's API version at that probe
 * @param containerCount Steward containers on it at that probe
 * @param failedProbes consecutive failed probes
 * @param lastProbeAt when it was last probed
 * @param lastSeenAt when a probe last reached it
 * @param placedPods pods placed on it
 * @param used what its placed pods reserve
 * @param free what is left; {@code null} fields are unlimited
 */
@Serdeable
public record HostView(String name, String endpoint, @Nullable HostTls tls, HostCapacity capacity,
        Map<String, String> labels, boolean enabled, boolean draining, HostStatus status, @Nullable String reason,
        @Nullable String message, @Nullable String engineVersion, @Nullable String apiVersion,
        @Nullable Integer containerCount, int failedProbes, @Nullable Instant lastProbeAt, @Nullable Instant lastSeenAt,
        long placedPods, HostCapacity used, HostCapacity free) {

    public static HostView of(HostAndUsage host) {
        HostRow row = host.host();
        HostUsage used = host.usage();
        HostCapacity capacity = row.capacity();
        return new HostView(row.name(), row.endpoint(), row.tls(), capacity, row.labels(), row.enabled(),
                row.draining(), row.status(), row.reason(), row.message(), row.engineVersion(), row.apiVersion(),
                row.containerCount(), row.failedProbes(), row.lastProbeAt(), row.lastSeenAt(), used.pods(),
                used.asCapacity(), capacity.minus(used.asCapacity()));
    }
}
