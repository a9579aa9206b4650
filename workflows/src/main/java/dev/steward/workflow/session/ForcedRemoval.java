package dev.steward.workflow.session;

import static dev.steward.workflow.WorkflowClock.now;

import dev.steward.contract.ContainerActivities;
import dev.steward.contract.ContainerState;
import dev.steward.contract.PlacementActivities;
import dev.steward.contract.StewardLabels;
import dev.steward.contract.WorkflowIds;
import dev.steward.model.LifecycleSettings;
import dev.steward.model.Reason;
import dev.steward.model.SessionStatus;
import dev.steward.workflow.HostStubs;
import dev.steward.workflow.LazyStub;
import io.temporal.activity.ActivityOptions;
import io.temporal.common.RetryOptions;
import io.temporal.failure.ActivityFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.CancellationScope;
import io.temporal.workflow.Promise;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.slf4j.Logger;

/**
 * The kill path: graceful teardown has not finished by the kill margin. Stops every part, then
 * removes every container labelled with the session itself until the deadline, in a detached scope
 * with short timeouts, so a part that hangs, retries or backs off cannot hold it up; the session then
 * ends EXPIRED.
 */
final class ForcedRemoval {

    private static final Logger log = Workflow.getLogger(ForcedRemoval.class);

    /** How often the engines are listed again once they showed nothing, until the deadline. */
    private static final Duration RELIST = Duration.ofSeconds(1);
    /**
     * How much longer the kill path's wait lasts than its removal loop: a wait timer due at the same
     * moment as the loop's last sleep would be cancelled as it fires, which Temporal's test server (the
     * workflow tests') refuses (INVALID_ARGUMENT), leaving the session's workflow stuck in its kill path.
     */
    private static final Duration WAIT_PAST_REMOVAL = Duration.ofSeconds(1);

    /** The kill path must finish inside the kill margin: short attempts, close together. */
    private static final ActivityOptions FORCED = ActivityOptions.newBuilder()
            .setStartToCloseTimeout(Duration.ofSeconds(5))
            .setRetryOptions(RetryOptions.newBuilder()
                    .setInitialInterval(Duration.ofMillis(200))
                    .setBackoffCoefficient(2)
                    .setMaximumInterval(Duration.ofSeconds(1))
                    .build())
            .build();

    private final HostStubs<ContainerActivities> hostEngines = new HostStubs<>(ContainerActivities.class, FORCED);
    private final LazyStub<PlacementActivities> placement =
            new LazyStub<>(() -> Workflow.newActivityStub(PlacementActivities.class, FORCED));

    private final UUID sessionId;
    private final SessionState state;
    private final LifecycleSettings lifecycle;

    ForcedRemoval(UUID sessionId, SessionState state, LifecycleSettings lifecycle) {
        this.sessionId = sessionId;
        this.state = state;
        this.lifecycle = lifecycle;
    }

    /** Stops the parts and removes what they left; returns the EXPIRED ending, saying whether it was all confirmed gone. */
    Ending run() {
        Instant deadline = state.timeslot.cleanupDeadline();
        // Parts still busy (a hanging call, a retry, a backoff) stop first, so none creates anything more.
        state.started.forEach(name -> Async.procedure(() -> {
            try {
                Workflow.newUntypedExternalWorkflowStub(WorkflowIds.part(sessionId, name)).cancel();
            } catch (RuntimeException gone) {
                log.info("session {}: part {} is already closed", sessionId, name);
            }
        }));
        List<String> left = new ArrayList<>();
        CancellationScope scope = Workflow.newDetachedCancellationScope(() -> {
            Duration remaining = Duration.between(now(), deadline);
            // Late (a worker was down): still try, for at least the kill margin.
            Instant until = remaining.isPositive() ? deadline : now().plus(lifecycle.killMargin());
            Promise<Void> removal = Async.procedure(() -> removeUntil(until, left));
            // Outlasts the removal loop, so its timer is never cancelled as it fires.
            Workflow.await(Duration.between(now(), until).plus(WAIT_PAST_REMOVAL), removal::isCompleted);
        });
        scope.run();
        scope.cancel();
        String what = left.isEmpty() ? "every container was removed by force"
                : "forced removal did not confirm by the deadline; last seen: " + String.join(", ", left);
        return new Ending(SessionStatus.EXPIRED, Reason.CLEANUP_DEADLINE_FORCED.code(), "teardown had not finished "
                + lifecycle.killMargin() + " (kill margin) before the cleanup deadline " + deadline + ": " + what);
    }

    /**
     * Lists and removes until {@code until}, listing again after it found nothing, so that an engine
     * call that succeeds late is undone too; {@code left} holds what the last listing saw. On every
     * registered host, each on its own so one that does not answer holds up none of the others,
     * whatever the session's parts placed or left anywhere is found.
     */
    private void removeUntil(Instant until, List<String> left) {
        while (now().isBefore(until)) {
            try {
                List<ContainerActivities> engines = placement.get().hostNames().stream().map(hostEngines::on).toList();
                left.clear();
                Promise.allOf(engines.stream()
                        .map(engine -> Async.procedure(() -> removeAllOn(engine, left)))
                        .toList()).get();
                if (!left.isEmpty()) {
                    continue; // list again at once: confirm they are gone
                }
            } catch (ActivityFailure failure) {
                log.warn("session {}: forced removal failed once, trying again", sessionId);
            }
            Duration rest = Duration.between(now(), until);
            Workflow.sleep(rest.compareTo(RELIST) < 0 ? rest : RELIST);
        }
    }

    /** Removes every container of the session on one engine, adding the names it found to {@code seen}. */
    private void removeAllOn(ContainerActivities engine, List<String> seen) {
        List<ContainerState> containers = engine.listContainers(StewardLabels.forSession(sessionId));
        containers.forEach(c -> seen.add(c.name()));
        Promise.allOf(containers.stream()
                .map(c -> Async.procedure(engine::removeContainer, c.id()))
                .toList()).get();
    }
}
