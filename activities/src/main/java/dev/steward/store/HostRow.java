package dev.steward.store;

import dev.steward.contract.HostProbe;
import dev.steward.model.HostCapacity;
import dev.steward.model.HostHealthDecision;
import dev.steward.model.HostSpec;
import dev.steward.model.HostState;
import dev.steward.model.HostStatus;
import dev.steward.model.HostTls;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import io.micronaut.data.annotation.TypeDef;
import io.micronaut.data.model.DataType;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

/** A registered host: how to reach its engine, what it may hold, and how its last probes went. */
@MappedEntity("hosts")
public record HostRow(
        @Id String name,
        String endpoint,
        @Nullable String tlsCaPath,
        @Nullable String tlsCertPath,
        @Nullable String tlsKeyPath,
        @Nullable String tlsSecretRef,
        @Nullable Integer capacityPods,
        @Nullable Double capacityCpus,
        @Nullable Long capacityMemoryMb,
        @TypeDef(type = DataType.JSON) Map<String, String> labels,
        boolean enabled,
        boolean draining,
        HostStatus status,
        @Nullable String reason,
        @Nullable String message,
        @Nullable String engineVersion,
        @Nullable String apiVersion,
        @Nullable Integer containerCount,
        int failedProbes,
        @Nullable UUID lastProbeId,
        @Nullable Instant lastProbeAt,
        @Nullable Instant lastSeenAt,
        Instant createdAt,
        Instant updatedAt) {

    /** A newly registered host: enabled, not probed yet. */
    public static HostRow registered(HostSpec spec, Instant at) {
        HostTls tls = spec.tls();
        HostCapacity cap = spec.capacity();
        return new HostRow(spec.name(), spec.endpoint(),
                tls == null ? null : tls.caPath(), tls == null ? null : tls.certPath(),
                tls == null ? null : tls.keyPath(), tls == null ? null : tls.secretRef(),
                cap.pods(), cap.cpus(), cap.memoryMb(), Map.copyOf(spec.labels()), true, false,
                HostStatus.UNKNOWN, "Registered", "registered; not probed yet", null, null, null, 0, null, null, null,
                at, at);
    }

    /** The operator's switches, capacity and labels changed, and the status they lead to. */
    public HostRow withOperatorChange(boolean enabled, boolean draining, HostCapacity capacity,
            Map<String, String> labels, HostHealthDecision decision, Instant at) {
        return new HostRow(name, endpoint, tlsCaPath, tlsCertPath, tlsKeyPath, tlsSecretRef, capacity.pods(),
                capacity.cpus(), capacity.memoryMb(), Map.copyOf(labels), enabled, draining, decision.status(),
                decision.reason(), decision.message(), engineVersion, apiVersion, containerCount,
                decision.failedProbes(), lastProbeId, lastProbeAt, lastSeenAt, createdAt, at);
    }

    /** A probe's findings and the status they lead to; heartbeat data only from a probe that got through. */
    public HostRow withProbe(UUID probeId, HostProbe probe, HostHealthDecision decision, Instant at) {
        boolean seen = probe.reachable();
        return new HostRow(name, endpoint, tlsCaPath, tlsCertPath, tlsKeyPath, tlsSecretRef, capacityPods,
                capacityCpus, capacityMemoryMb, labels, enabled, draining, decision.status(), decision.reason(),
                decision.message(), seen ? probe.engineVersion() : engineVersion, seen ? probe.apiVersion() : apiVersion,
                seen ? probe.containerCount() : containerCount, decision.failedProbes(), probeId, probe.probedAt(),
                seen ? probe.probedAt() : lastSeenAt, createdAt, at);
    }

    /**
     * Whether this row, after an operator's change of {@code before}, may let a waiting pod fit:
     * enabled, undrained, more of some capacity, or other labels, which a waiting pod's host
     * selector may match now.
     */
    public boolean mayFitMorePodsThan(HostRow before) {
        return (!before.enabled && enabled)
                || (before.draining && !draining)
                || !before.labels.equals(labels)
                || grew(before.capacityPods, capacityPods)
                || grew(before.capacityCpus, capacityCpus)
                || grew(before.capacityMemoryMb, capacityMemoryMb);
    }

    /** {@code null} is unlimited. */
    private static <T extends Number & Comparable<T>> boolean grew(T before, T after) {
        if (before == null) {
            return false;
        }
        return after == null || after.compareTo(before) > 0;
    }

    public HostState state() {
        return new HostState(status, enabled, draining, failedProbes, lastSeenAt != null);
    }

    public HostCapacity capacity() {
        return new HostCapacity(capacityPods, capacityCpus, capacityMemoryMb);
    }

    /** {@code null} when the endpoint needs no TLS. */
    public @Nullable HostTls tls() {
        if (tlsCaPath == null && tlsCertPath == null && tlsKeyPath == null && tlsSecretRef == null) {
            return null;
        }
        return new HostTls(tlsCaPath, tlsCertPath, tlsKeyPath, tlsSecretRef);
    }
}
