package dev.steward.app.host;

import dev.steward.activity.EngineRegistry;
import dev.steward.app.refusal.Conflict;
import dev.steward.app.refusal.InvalidRequest;
import dev.steward.app.refusal.NotFound;
import dev.steward.app.temporal.HostWorkers;
import dev.steward.app.temporal.HostWorkflowClient;
import dev.steward.app.temporal.TemporalDeadline;
import dev.steward.contract.PlacementActivities;
import dev.steward.model.FieldError;
import dev.steward.model.HostSpec;
import dev.steward.model.HostSpecValidator;
import dev.steward.store.HostDeletion;
import dev.steward.store.HostRow;
import dev.steward.store.HostStore;
import dev.steward.store.HostTransitionRow;
import dev.steward.store.HostUsage;
import io.micronaut.context.BeanProvider;
import io.micronaut.core.annotation.Nullable;
import io.temporal.client.WorkflowServiceException;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The host registry: checks the request, then changes the store, and shows hosts with their usage.
 * A request it refuses throws a {@link dev.steward.app.refusal.Refusal} and changes nothing. A
 * change reaches the hosts' workflows and workers at once; in a process without workers, the
 * worker processes pick up new and deleted hosts on their next refresh.
 */
@Singleton
public class HostService {

    private static final Logger LOG = LoggerFactory.getLogger(HostService.class);

    private final HostStore store;
    private final EngineRegistry engines;
    private final HostWorkflowClient workflows;
    private final BeanProvider<HostWorkers> workers;
    private final PlacementActivities placement;
    private final TemporalDeadline deadline;
    private final HostEndpointPolicy policy;

    public HostService(HostStore store, EngineRegistry engines, HostWorkflowClient workflows,
            BeanProvider<HostWorkers> workers, PlacementActivities placement, TemporalDeadline deadline,
            HostEndpointPolicy policy) {
        this.policy = policy;
        this.store = store;
        this.engines = engines;
        this.workflows = workflows;
        this.workers = workers;
        this.placement = placement;
        this.deadline = deadline;
    }

    public HostAndUsage register(HostSpec spec) {
        InvalidRequest.rejectIfAny(HostSpecValidator.validate(spec));
        InvalidRequest.rejectIfAny(policy.check(spec));
        HostRow created = store.register(spec).orElseThrow(() -> new Conflict(
                "a host named " + spec.name() + " is registered already",
                List.of(new FieldError("name", "is taken by another host"))));
        try {
            workers.ifPresent(w -> deadline.run(() -> w.serve(created.name())));
        } catch (RuntimeException unreachable) {
            // The host is registered either way: the workers' next refresh serves every registered host.
            LOG.warn("host {}: registered; its worker and workflow start at the workers' next refresh", created.name(),
                    unreachable);
        }
        return withUsage(created, store.usage());
    }

    public List<HostAndUsage> list() {
        Map<String, HostUsage> usage = store.usage();
        return store.list().stream().map(row -> withUsage(row, usage)).toList();
    }

    public HostAndUsage get(String name) {
        return withUsage(store.find(name).orElseThrow(() -> notFound(name)), store.usage());
    }

    public HostAndUsage change(String name, @Nullable HostChange change) {
        if (change == null) {
            throw new InvalidRequest(new FieldError("", "a change is required"));
        }
        InvalidRequest.rejectIfAny(HostSpecValidator.validateChange(change.capacity(), change.labels()));
        HostRow before = store.find(name).orElseThrow(() -> notFound(name));
        HostRow changed = store.change(name, change.enabled(), change.draining(), change.capacity(), change.labels())
                .orElseThrow(() -> notFound(name));
        // Drained, disabled or enabled within moments, not a probe interval later.
        workflows.checkNow(name);
        if (changed.mayFitMorePodsThan(before)) {
            try {
                deadline.call(placement::wakeUnschedulable);
            } catch (RuntimeException unreachable) {
                // The change is made either way; the next wake (a release, a host READY again) finds them.
                LOG.warn("host {}: changed, but the parts waiting for room could not be woken", name, unreachable);
            }
        }
        return withUsage(changed, store.usage());
    }

    /**
     * Deletes the host, then ends its workflow and stops its worker. The deletion is made once the
     * row is gone: when Temporal does not answer in time, the workers' next refresh ends the
     * workflow of the host that is gone from the table, and the answer says so.
     */
    public HostRemoval delete(String name) {
        HostDeletion outcome = store.delete(name);
        switch (outcome) {
            case NOT_FOUND -> throw notFound(name);
            case HAS_PLACEMENTS -> throw new Conflict("pods are placed on host " + name
                    + "; drain or disable it and wait until they are gone");
            case DELETED -> LOG.info("host {}: deleted", name);
        }
        try {
            if (workers.isPresent()) {
                workers.get().drop(name);
            } else {
                workflows.terminate(name);
            }
        } catch (WorkflowServiceException unreachable) {
            LOG.warn("host {}: deleted, but Temporal did not end its workflow; the workers' refresh does", name,
                    unreachable);
            return HostRemoval.WORKFLOW_END_PENDING;
        }
        engines.forget(name);
        return HostRemoval.COMPLETE;
    }

    /** The host's recorded status changes. */
    public List<HostTransitionRow> transitions(String name) {
        if (store.find(name).isEmpty()) {
            throw notFound(name);
        }
        return store.transitions(name);
    }

    private static HostAndUsage withUsage(HostRow row, Map<String, HostUsage> usage) {
        return new HostAndUsage(row, usage.getOrDefault(row.name(), HostUsage.none(row.name())));
    }

    private static NotFound notFound(String name) {
        return new NotFound("host " + name);
    }
}
