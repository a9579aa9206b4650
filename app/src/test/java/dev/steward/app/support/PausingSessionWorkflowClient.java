package dev.steward.app.support;

import dev.steward.app.temporal.SessionWorkflowClient;
import dev.steward.app.temporal.TemporalDeadline;
import dev.steward.config.LifecycleConfig;
import dev.steward.config.ReconcileConfig;
import dev.steward.config.TemporalConfig;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.context.annotation.Requires;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.client.WorkflowClient;
import jakarta.inject.Singleton;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The real session workflows, except that a thread armed with {@link #pauseNextStatus()} stops after its next
 * look at a session's workflow, until {@link #goOn()}: a resume that saw the workflow missing, held while
 * another resume does its work, as a slow sweep on another worker would be.
 */
@Singleton
@Replaces(SessionWorkflowClient.class)
@Requires(property = "steward.test.pausing-resume", value = "true")
public class PausingSessionWorkflowClient extends SessionWorkflowClient {

    private final ThreadLocal<Boolean> armed = ThreadLocal.withInitial(() -> false);
    private final CountDownLatch paused = new CountDownLatch(1);
    private final CountDownLatch goOn = new CountDownLatch(1);

    PausingSessionWorkflowClient(WorkflowClient temporal, TemporalDeadline deadline, TemporalConfig temporalConfig,
            ReconcileConfig reconcile, LifecycleConfig lifecycle) {
        super(temporal, deadline, temporalConfig, reconcile, lifecycle);
    }

    /** The calling thread's next {@link #status} pauses once it has Temporal's answer. */
    public void pauseNextStatus() {
        armed.set(true);
    }

    /** Waits until an armed thread has paused. */
    public boolean awaitPaused() throws InterruptedException {
        return paused.await(60, TimeUnit.SECONDS);
    }

    public void goOn() {
        goOn.countDown();
    }

    @Override
    public Optional<WorkflowExecutionStatus> status(UUID id) {
        Optional<WorkflowExecutionStatus> status = super.status(id);
        if (armed.get()) {
            armed.set(false);
            paused.countDown();
            try {
                if (!goOn.await(120, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("held for more than 120 s");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        return status;
    }
}
