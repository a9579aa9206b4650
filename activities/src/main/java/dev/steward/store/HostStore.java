package dev.steward.store;

import dev.steward.config.HostsConfig;
import dev.steward.contract.HostProbe;
import dev.steward.contract.HostStatusChange;
import dev.steward.model.HostCapacity;
import dev.steward.model.HostHealth;
import dev.steward.model.HostHealthDecision;
import dev.steward.model.HostSpec;
import dev.steward.model.HostState;
import io.micronaut.data.exceptions.DataAccessException;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The host registry in PostgreSQL. Every change of a host locks its row and records a host
 * transition when its status changes, in one transaction; placements lock the same rows, so a
 * host never loses or gains pods halfway through a change.
 */
@Singleton
public class HostStore {

    private final TransactionOperations<Connection> transactions;
    private final HostRepository hosts;
    private final PlacementRepository placements;
    private final HostTransitionRepository transitions;
    private final HostsConfig config;
    private final Outbox outbox;

    public HostStore(TransactionOperations<Connection> transactions, HostRepository hosts,
            PlacementRepository placements, HostTransitionRepository transitions, HostsConfig config, Outbox outbox) {
        this.outbox = outbox;
        this.transactions = transactions;
        this.hosts = hosts;
        this.placements = placements;
        this.transitions = transitions;
        this.config = config;
    }

    public List<HostRow> list() {
        return hosts.listOrderByName();
    }

    public Optional<HostRow> find(String name) {
        return hosts.findById(name);
    }

    /** What each host's placed pods reserve, by host name; hosts without pods are absent. */
    public Map<String, HostUsage> usage() {
        return placements.usageByHost().stream().collect(Collectors.toMap(HostUsage::host, Function.identity()));
    }

    public List<HostTransitionRow> transitions(String name) {
        return transitions.findByHostOldestFirst(name);
    }

    /** @return the new host, or empty when a host of that name exists (nothing changes then) */
    public Optional<HostRow> register(HostSpec spec) {
        try {
            return transactions.executeWrite(status -> {
                if (hosts.existsById(spec.name())) {
                    return Optional.empty();
                }
                return Optional.of(recordRegistration(status.getConnection(),
                        hosts.save(HostRow.registered(spec, Instant.now()))));
            });
        } catch (DataAccessException e) {
            // Two registrations of one name at once: the loser's insert breaks the primary key.
            if (hosts.existsById(spec.name())) {
                return Optional.empty();
            }
            throw e;
        }
    }

    /** Registers the local engine when no host is registered at all; @return whether it did */
    public boolean registerFirst(String name, String endpoint) {
        return transactions.executeWrite(status -> {
            boolean inserted = hosts.insertIfNoHosts(name, endpoint,
                    "registered at startup as the local engine (steward.engine.host); not probed yet", Instant.now()) == 1;
            if (inserted) {
                recordRegistration(status.getConnection(), hosts.findById(name).orElseThrow());
            }
            return inserted;
        });
    }

    /** A host's history starts with its registration, as UNKNOWN. */
    private HostRow recordRegistration(Connection connection, HostRow row) {
        recordTransition(connection, UUID.randomUUID(), row.name(), null, row.status().name(), row.reason(),
                row.message(), row.createdAt());
        return row;
    }

    /** A host transition and its outgoing event, once per id. */
    private void recordTransition(Connection connection, UUID id, String name, String from, String to, String reason,
            String message, Instant at) {
        if (transitions.insertIfAbsent(id, name, from, to, reason, message, at) == 1) {
            outbox.append(connection, OutboxEntry.ofHost(id, name, from, to, reason, message, at));
        }
    }

    /**
     * Applies the operator's change; a {@code null} argument keeps what the host has.
     *
     * @return the changed host, or empty when there is no such host
     */
    public Optional<HostRow> change(String name, Boolean enabled, Boolean draining, HostCapacity capacity,
            Map<String, String> labels) {
        return transactions.executeWrite(status -> hosts.lock(name).map(host -> {
            boolean newEnabled = enabled == null ? host.enabled() : enabled;
            boolean newDraining = draining == null ? host.draining() : draining;
            HostState switched = new HostState(host.status(), newEnabled, newDraining,
                    host.failedProbes(), host.lastSeenAt() != null);
            HostHealthDecision decision = HostHealth.afterOperatorChange(switched, config.unreachableAfter());
            Instant now = Instant.now();
            HostRow changed = host.withOperatorChange(newEnabled, newDraining,
                    capacity == null ? host.capacity() : capacity, labels == null ? host.labels() : labels,
                    keepReasonUnlessChanged(host, decision), now);
            hosts.update(changed);
            if (decision.changed()) {
                recordTransition(status.getConnection(), UUID.randomUUID(), name, host.status().name(),
                        decision.status().name(), decision.reason(), decision.message(), now);
            }
            return changed;
        }));
    }

    /** Removes the host unless pods are placed on it. */
    public HostDeletion delete(String name) {
        return transactions.executeWrite(status -> {
            if (hosts.lock(name).isEmpty()) {
                return HostDeletion.NOT_FOUND;
            }
            if (placements.countByHost(name) > 0) {
                return HostDeletion.HAS_PLACEMENTS;
            }
            hosts.deleteById(name);
            return HostDeletion.DELETED;
        });
    }

    /**
     * Records one probe: once per {@code probeId}; a repeat returns the host's status as it is.
     *
     * @throws IllegalArgumentException when the host does not exist
     */
    public HostStatusChange recordProbe(UUID probeId, String name, HostProbe probe) {
        return transactions.executeWrite(status -> {
            HostRow host = hosts.lock(name).orElseThrow(() -> new IllegalArgumentException("no host " + name));
            if (probeId.equals(host.lastProbeId())) {
                return new HostStatusChange(name, host.status(), host.status(), host.reason(), host.message(),
                        host.failedProbes());
            }
            String detail = probe.reachable() ? probe.engineVersion() : probe.error();
            HostHealthDecision decision = HostHealth.afterProbe(host.state(), probe.reachable(), detail,
                    config.unreachableAfter());
            Instant now = Instant.now();
            hosts.update(host.withProbe(probeId, probe, decision, now));
            if (decision.changed()) {
                // The probe's id: a retried recording inserts no second transition. Dated when recorded, not
                // when probed: a probe that ran before the host was re-registered still sorts after that.
                recordTransition(status.getConnection(), probeId, name, host.status().name(),
                        decision.status().name(), decision.reason(), decision.message(), now);
            }
            return new HostStatusChange(name, host.status(), decision.status(), decision.reason(), decision.message(),
                    decision.failedProbes());
        });
    }

    /** A change of capacity or labels alone leaves the reason of the current status as it was. */
    private static HostHealthDecision keepReasonUnlessChanged(HostRow host, HostHealthDecision decision) {
        if (decision.changed() || host.reason() == null) {
            return decision;
        }
        return new HostHealthDecision(decision.status(), decision.failedProbes(), host.reason(), host.message(), false);
    }
}
