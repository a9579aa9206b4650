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
    /** Probes run until readiness changes. */
    private static final ActivityOptions PROBE_CALLS = ActivityDefaults.heartbeating(PROBE_MAX_WAIT.plusMinutes(1));

    private final PartState state;
    /** The local engine's probes, for parts started before placement. */
    private final ContainerActivities localProbes = Workflow.newActivityStub(ContainerActivities.class, PROBE_CALLS);
    private final HostStubs<ContainerActivities> hostProbes = new HostStubs<>(ContainerActivities.class, PROBE_CALLS);

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

    /** Starts the probe loop of a container from the readiness the pod has now ({@code rt.ready()}). */
    void watch(PodSpec pod, PodRuntime rt, String containerId, ReadinessCheck check) {
        rt.watch(containerId, () -> Async.procedure(() -> {
            while (rt.probes(containerId)) {
                ProbeResult result = probesOn(rt.host()).awaitReadinessChange(
                        new ProbeRequest(containerId, check, rt.ready(), (int) PROBE_MAX_WAIT.toSeconds()));
                if (result.ready() != rt.ready() && rt.probes(containerId)) {
                    rt.readinessChanged(result.ready(), result.message());
                    state.wake = true;
                }
            }
        }).exceptionally(failure -> {
            if (!(failure instanceof CanceledFailure)) {
                log.warn("part {}: probe of pod {} failed: {}", state.name, pod.name(), rootMessage(failure));
            }
            return null;
        }));
    }

    /**
     * Waits up to the rollout deadline for the first passing readiness check of a new container on
     * {@code host}; the check is cancelled when it does not pass in time.
     */
    boolean awaitFirstPass(String host, PodSpec pod, ContainerState next) {
        ContainerActivities probeCalls = probesOn(host);
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

    /** The probe calls of {@code host}; a part started before placement has the local engine alone. */
    private ContainerActivities probesOn(String host) {
        return hostProbes.on(host);
    }
}
