package dev.steward.app.temporal;

import dev.steward.config.HostsConfig;
import dev.steward.config.ReconcileConfig;
import dev.steward.config.TemporalConfig;
import dev.steward.contract.WorkflowIds;
import dev.steward.model.ReconcileSettings;
import dev.steward.workflow.host.HostInput;
import dev.steward.workflow.host.HostWorkflow;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.client.BatchRequest;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowExecutionAlreadyStarted;
import io.temporal.client.WorkflowNotFoundException;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowServiceException;
import jakarta.inject.Singleton;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts, nudges and ends the host workflows (id {@code host-{name}}, on the main task queue), each
 * call bounded by {@link TemporalDeadline}. Works in every process, with or without workers: the
 * workflow runs wherever a worker serves its queue.
 */
@Singleton
public class HostWorkflowClient {

    private static final Logger LOG = LoggerFactory.getLogger(HostWorkflowClient.class);

    private final WorkflowClient temporal;
    private final TemporalDeadline deadline;
    private final TemporalConfig temporalConfig;
    private final ReconcileConfig reconcile;
    private final HostsConfig hosts;

    public HostWorkflowClient(WorkflowClient temporal, TemporalDeadline deadline, TemporalConfig temporalConfig,
            ReconcileConfig reconcile, HostsConfig hosts) {
        this.temporal = temporal;
        this.deadline = deadline;
        this.temporalConfig = temporalConfig;
        this.reconcile = reconcile;
        this.hosts = hosts;
    }

    /** Starts the host's workflow, or hands the one that runs already this process's settings. */
    public void start(String host) {
        ReconcileSettings settings = reconcile.settings();
        HostWorkflow workflow = temporal.newWorkflowStub(HostWorkflow.class, WorkflowOptions.newBuilder()
                .setWorkflowId(WorkflowIds.host(host))
                .setTaskQueue(temporalConfig.taskQueue())
                .build());
        HostInput input = new HostInput(host, settings.deployment(), settings.resyncInterval(), reconcile.events(),
                hosts.probeInterval(), hosts.lostAfter(), null, null);
        BatchRequest startOrConfigure = temporal.newSignalWithStartRequest();
        startOrConfigure.add(workflow::run, input);
        startOrConfigure.add(workflow::configure, input);
        try {
            deadline.run(() -> temporal.signalWithStart(startOrConfigure));
        } catch (WorkflowExecutionAlreadyStarted startedMeanwhile) {
            // Two starts at once (the local host's registration and the resume sweep) can meet, and Temporal's
            // test server then refuses the second signal-with-start: the run is there, it only needs the settings.
            deadline.run(() -> temporal.newWorkflowStub(HostWorkflow.class, WorkflowIds.host(host)).configure(input));
        }
        LOG.info("host {}: workflow started or configured (deployment {}, resync every {}, events {}, probe every {}, "
                + "lost after {})", host, settings.deployment(), settings.resyncInterval(),
                reconcile.events() ? "on" : "off", hosts.probeInterval(), hosts.lostAfter());
    }

    /**
     * Asks the host's workflow to probe at once. Its absence, or Temporal out of reach, only delays
     * what the next probe finds anyway: both are logged, not thrown.
     */
    public void checkNow(String host) {
        try {
            deadline.run(() -> temporal.newWorkflowStub(HostWorkflow.class, WorkflowIds.host(host)).checkNow());
        } catch (WorkflowNotFoundException notRunning) {
            LOG.info("host {}: no workflow runs to probe it now; a worker process starts one", host);
        } catch (WorkflowServiceException unreachable) {
            LOG.warn("host {}: could not ask its workflow to probe now; the next probe sees the change", host,
                    unreachable);
        }
    }

    /** The status of the host's workflow (its latest run), or empty when Temporal has none. */
    public Optional<WorkflowExecutionStatus> status(String host) {
        return WorkflowPresence.status(deadline, temporal, WorkflowIds.host(host));
    }

    /** Ends the host's workflow for good; none running is fine. Throws when Temporal does not answer in time. */
    public void terminate(String host) {
        try {
            deadline.run(() -> temporal.newUntypedWorkflowStub(WorkflowIds.host(host)).terminate("host deleted"));
            LOG.info("host {}: workflow terminated, the host is deleted", host);
        } catch (WorkflowNotFoundException notRunning) {
            LOG.debug("host {}: no workflow runs", host);
        }
    }
}
