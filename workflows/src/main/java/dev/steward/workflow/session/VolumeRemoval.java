package dev.steward.workflow.session;

import static dev.steward.workflow.ActivityFailures.rootMessage;
import static dev.steward.workflow.WorkflowClock.now;

import dev.steward.contract.ContainerActivities;
import dev.steward.model.LifecycleSettings;
import dev.steward.model.SessionSpec;
import dev.steward.model.VolumeSpec;
import dev.steward.workflow.HostStubs;
import io.temporal.activity.ActivityOptions;
import io.temporal.common.RetryOptions;
import io.temporal.failure.ActivityFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.Promise;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import org.slf4j.Logger;

/**
 * The last step of a session's teardown: once its parts are gone, the volumes it does not retain
 * are removed from every host its pods were on, before the session records its end. A host that
 * does not answer, or still has a container on a volume, is tried again with backoff for at most
 * {@link #BUDGET} (and, as the kill path, not past the cleanup deadline); then its next resync
 * removes what is left.
 */
final class VolumeRemoval {

    private static final Logger log = Workflow.getLogger(VolumeRemoval.class);

    /** How long the session's end waits for a host that does not answer. */
    static final Duration BUDGET = Duration.ofMinutes(1);
    private static final Duration ATTEMPT = Duration.ofSeconds(20);
    private static final RetryOptions BACKOFF = RetryOptions.newBuilder()
            .setInitialInterval(Duration.ofSeconds(1))
            .setBackoffCoefficient(2)
            .setMaximumInterval(Duration.ofSeconds(10))
            .build();

    private final UUID sessionId;
    private final SessionState state;
    private final LifecycleSettings lifecycle;

    VolumeRemoval(UUID sessionId, SessionState state, LifecycleSettings lifecycle) {
        this.sessionId = sessionId;
        this.state = state;
        this.lifecycle = lifecycle;
    }

    /**
     * Removes the spec's volumes that it does not retain from the hosts its pods were on; returns
     * once each host is done or given up.
     */
    void run(SessionSpec spec) {
        List<String> removable = spec.volumes().stream().filter(v -> !v.retainOnDelete()).map(VolumeSpec::name).toList();
        if (removable.isEmpty()) {
            return;
        }
        HostStubs<ContainerActivities> engines = new HostStubs<>(ContainerActivities.class, options());
        Map<String, Promise<Void>> removals = new TreeMap<>();
        // Jackson carries the hosts in a HashSet: sorted, every replay schedules them in one order.
        for (String host : new TreeSet<>(state.podHosts)) {
            removals.put(host, Async.procedure(engines.on(host)::removeSessionVolumes, sessionId, removable));
        }
        removals.forEach((host, removal) -> {
            try {
                removal.get();
            } catch (ActivityFailure failure) {
                log.warn("session {}: removing its volumes on host {} failed ({}); the host's resync removes them",
                        sessionId, host, rootMessage(failure));
            }
        });
    }

    /** Each host's removal, retries included, ends within the budget, or the time left until the cleanup deadline. */
    private ActivityOptions options() {
        Duration budget = BUDGET;
        Instant deadline = state.timeslot == null ? null : state.timeslot.cleanupDeadline();
        if (deadline != null && Duration.between(now(), deadline).compareTo(budget) < 0) {
            // Late (a worker was down): still try, for the kill margin.
            Duration left = Duration.between(now(), deadline);
            budget = left.compareTo(lifecycle.killMargin()) > 0 ? left : lifecycle.killMargin();
        }
        return ActivityOptions.newBuilder()
                .setStartToCloseTimeout(budget.compareTo(ATTEMPT) < 0 ? budget : ATTEMPT)
                .setScheduleToCloseTimeout(budget)
                .setRetryOptions(BACKOFF)
                .build();
    }
}
