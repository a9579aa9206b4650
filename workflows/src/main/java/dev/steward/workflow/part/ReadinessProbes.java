package dev.steward.workflow.part;

import static dev.steward.workflow.ActivityFailures.rootMessage;

import dev.steward.contract.ContainerActivities;
import dev.steward.contract.ContainerState;
import dev.steward.contract.ProbeRequest;
import dev.steward.contract.ProbeResult;
import dev.steward.model.PodSpec;
import dev.steward.model.ReadinessCheck;
import dev.steward.workflow.ActivityDefaults;
import dev.steward.workflow.HostStubs;
import io.temporal.activity.ActivityOptions;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.CanceledFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.CancellationScope;
import io.temporal.workflow.Promise;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import org.slf4j.Logger;

/**
 * Readiness checks of the pods' containers: one long-running probe per current container, which
 * wakes the loop when readiness changes, and the wait for a new container's first passing check.
 */
final class ReadinessProbes {

    private static final Logger log = Workflow.getLogger(ReadinessProbes.class);
    /** A probe activity returns unchanged after this long, so none runs forever. */
    private static final Duration PROBE_MAX_WAIT = Duration.ofMinutes(10);
    /** The first wait before a failed probe starts again; it doubles with each failure in a row. */
    private static final Duration PROBE_RETRY_BASE = Duration.ofSeconds(5);
    /** The longest wait before a failed probe starts again. */
    private static final Duration PROBE_RETRY_CAP = Duration.ofMinutes(1);
    /** Probes run until readiness changes. */
    private static final ActivityOptions PROBE_CALLS = ActivityDefaults.heartbeating(PROBE_MAX_WAIT.plusMinutes(1));

    private final PartState state;
    private final HostStubs<ContainerActivities> hostProbes = HostStubs.watching(ContainerActivities.class, PROBE_CALLS);

    ReadinessProbes(PartState state) {
        this.state = state;
    }

    /** Keeps one probe running per current container; it wakes the loop whenever readiness changes. */
    void probe(PodSpec pod, PodRuntime rt, String containerId, ReadinessCheck check) {
        if (rt.probes(containerId)) {
            return;
        }
        rt.stopProbe();
        watch(pod, rt, containerId, check);
    }

    /**
     * Starts the probe loop of a container from the readiness the pod has now ({@code rt.ready()}). A probe
     * that fails (its engine erred, or its worker is gone) is started again after a backoff, so the pod's
     * readiness keeps being watched.
     */
    void watch(PodSpec pod, PodRuntime rt, String containerId, ReadinessCheck check) {
        rt.watch(containerId, () -> Async.procedure(() -> {
            int failuresInARow = 0;
            while (rt.probes(containerId)) {
                ProbeResult result;
                try {
                    result = hostProbes.on(rt.host()).awaitReadinessChange(
                            new ProbeRequest(containerId, check, rt.ready(), (int) PROBE_MAX_WAIT.toSeconds()));
                } catch (ActivityFailure failure) {
                    if (failure.getCause() instanceof CanceledFailure) {
                        throw failure;
                    }
                    Duration backOff = backOff(failuresInARow++);
                    log.warn("part {}: probe of pod {} failed, started again in {}: {}", state.name, pod.name(),
                            backOff, rootMessage(failure));
                    Workflow.sleep(backOff);
                    continue;
                }
                failuresInARow = 0;
                if (result.ready() != rt.ready() && rt.probes(containerId)) {
                    rt.readinessChanged(result.ready(), result.message());
                    state.wake = true;
                }
            }
        }).exceptionally(failure -> {
            if (!(failure instanceof CanceledFailure) && !(failure.getCause() instanceof CanceledFailure)) {
                log.warn("part {}: probe of pod {} failed: {}", state.name, pod.name(), rootMessage(failure));
            }
            return null;
        }));
    }

    /** The wait before a failed probe starts again: min(base·2ⁿ, cap) after n failures in a row before it. */
    private static Duration backOff(int failuresBefore) {
        return Duration.ofMillis(Math.min(PROBE_RETRY_BASE.toMillis() << Math.min(failuresBefore, 16),
                PROBE_RETRY_CAP.toMillis()));
    }

    /**
     * Waits up to the rollout deadline for the first passing readiness check of a new container on
     * {@code host}; the check is cancelled when it does not pass in time.
     */
    boolean awaitFirstPass(String host, PodSpec pod, ContainerState next) {
        ContainerActivities probeCalls = hostProbes.on(host);
        Duration deadline = state.settings.rolloutDeadline();
        CancellationScope[] scope = new CancellationScope[1];
        Promise<ProbeResult>[] result = new Promise[1];
        scope[0] = Workflow.newCancellationScope(() -> result[0] = Async.function(probeCalls::awaitReadinessChange,
                new ProbeRequest(next.id(), pod.readiness(), false, (int) Math.max(1, deadline.toSeconds()))));
        scope[0].run();
        Workflow.await(deadline, () -> result[0].isCompleted());
        boolean ready = result[0].isCompleted() && result[0].getFailure() == null && result[0].get().ready();
        if (!ready) {
            scope[0].cancel();
        }
        return ready;
    }
}
