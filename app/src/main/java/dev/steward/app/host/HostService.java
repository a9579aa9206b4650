package dev.steward.app.host;

import dev.steward.activity.EngineRegistry;
import dev.steward.app.api.ApiException;
import dev.steward.app.api.HostChangeRequest;
import dev.steward.app.api.HostTransitionView;
import dev.steward.app.api.HostView;
import dev.steward.app.temporal.HostWorkers;
import dev.steward.app.temporal.HostWorkflows;
import dev.steward.contract.PlacementActivities;
import dev.steward.model.FieldError;
import dev.steward.model.HostCapacity;
import dev.steward.model.HostSpec;
import dev.steward.model.HostSpecValidator;
import dev.steward.store.HostDeletion;
import dev.steward.store.HostRow;
import dev.steward.store.HostStore;
import dev.steward.store.HostUsage;
import io.micronaut.context.BeanProvider;
import io.micronaut.http.HttpStatus;
import io.temporal.client.WorkflowServiceException;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The host registry behind the REST API: validates, then changes the store, and shows hosts with
 * their usage. A change reaches the hosts' workflows and workers at once; in a process without
 * workers, the worker processes pick up new and deleted hosts on their next refresh.
 */
@Singleton
public class HostService {

    private static final Logger LOG = LoggerFactory.getLogger(HostService.class);

    private final HostStore store;
    private final EngineRegistry engines;
    private final HostWorkflows workflows;
    private final BeanProvider<HostWorkers> workers;
    private final PlacementActivities placement;

    public HostService(HostStore store, EngineRegistry engines, HostWorkflows workflows,
            BeanProvider<HostWorkers> workers, PlacementActivities placement) {
        this.store = store;
        this.engines = engines;
        this.workflows = workflows;
        this.workers = workers;
        this.placement = placement;
    }

    public HostView register(HostSpec spec) {
        List<FieldError> errors = HostSpecValidator.validate(spec);
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
        HostRow created = store.register(spec).orElseThrow(() -> new ApiException(HttpStatus.CONFLICT, "conflict",
                "a host named " + spec.name() + " is registered already",
                List.of(new FieldError("name", "is taken by another host"))));
        workers.ifPresent(w -> w.serve(created.name()));
        return view(created, store.usage());
    }

    public List<HostView> list() {
        Map<String, HostUsage> usage = store.usage();
        return store.list().stream().map(row -> view(row, usage)).toList();
    }

    public HostView get(String name) {
        return view(store.find(name).orElseThrow(() -> notFound(name)), store.usage());
    }

    public HostView change(String name, HostChangeRequest change) {
        if (change == null) {
            throw ApiException.invalid(List.of(new FieldError("", "a change is required")));
        }
        List<FieldError> errors = HostSpecValidator.validateChange(change.capacity(), change.labels());
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
        HostRow before = store.find(name).orElseThrow(() -> notFound(name));
        HostRow changed = store.change(name, change.enabled(), change.draining(), change.capacity(), change.labels())
                .orElseThrow(() -> notFound(name));
        // Drained, disabled or enabled within moments, not a probe interval later.
        workflows.checkNow(name);
        if (changed.mayFitMorePodsThan(before)) {
            try {
                placement.wakeUnschedulable();
            } catch (WorkflowServiceException unreachable) {
                LOG.warn("host {}: changed, but the parts waiting for room could not be woken", name, unreachable);
            }
        }
        return view(changed, store.usage());
    }

    public void delete(String name) {
        HostDeletion outcome = store.delete(name);
        switch (outcome) {
            case NOT_FOUND -> throw notFound(name);
            case HAS_PLACEMENTS -> throw ApiException.conflict("pods are placed on host " + name
                    + "; drain or disable it and wait until they are gone");
            case DELETED -> {
                if (workers.isPresent()) {
                    workers.get().drop(name);
                } else {
                    workflows.terminate(name);
                }
                engines.forget(name);
            }
        }
    }

    public List<HostTransitionView> transitions(String name) {
        if (store.find(name).isEmpty()) {
            throw notFound(name);
        }
        return store.transitions(name).stream().map(HostTransitionView::of).toList();
    }

    private static HostView view(HostRow row, Map<String, HostUsage> usage) {
        HostUsage used = usage.getOrDefault(row.name(), HostUsage.none(row.name()));
        HostCapacity capacity = row.capacity();
        return new HostView(row.name(), row.endpoint(), row.tls(), capacity, row.labels(), row.enabled(),
                row.draining(), row.status(), row.reason(), row.message(), row.engineVersion(), row.apiVersion(),
                row.containerCount(), row.failedProbes(), row.lastProbeAt(), row.lastSeenAt(), used.pods(),
                used.asCapacity(), capacity.minus(used.asCapacity()));
    }

    private static ApiException notFound(String name) {
        return ApiException.notFound("host " + name);
    }
}
