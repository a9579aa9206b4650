package dev.steward.app.temporal;

import dev.steward.workflow.HostInput;
import dev.steward.workflow.HostWorkflow;
import dev.steward.workflow.PartWorkflowImpl;
import dev.steward.workflow.ReconcileSettings;
import dev.steward.workflow.WorkflowIds;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.StartupEvent;
import io.micronaut.runtime.event.annotation.EventListener;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowExecutionAlreadyStarted;
import io.temporal.client.WorkflowOptions;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Starts the host workflow of the local engine with the workers; one already running is kept. */
@Singleton
@Requires(property = "steward.worker.enabled", notEquals = "false")
public class HostStarter {

    private static final Logger log = LoggerFactory.getLogger(HostStarter.class);

    private final WorkflowClient temporal;
    private final TemporalConfig temporalConfig;
    private final ReconcileConfig reconcile;

    public HostStarter(WorkflowClient temporal, TemporalConfig temporalConfig, ReconcileConfig reconcile) {
        this.temporal = temporal;
        this.temporalConfig = temporalConfig;
        this.reconcile = reconcile;
    }

    @EventListener
    void onStartup(StartupEvent event) {
        ReconcileSettings settings = reconcile.settings();
        HostWorkflow host = temporal.newWorkflowStub(HostWorkflow.class, WorkflowOptions.newBuilder()
                .setWorkflowId(WorkflowIds.host(PartWorkflowImpl.LOCAL_HOST))
                .setTaskQueue(temporalConfig.taskQueue())
                .build());
        try {
            WorkflowClient.start(host::run,
                    new HostInput(PartWorkflowImpl.LOCAL_HOST, settings.deployment(), settings.resyncInterval(),
                            reconcile.events()));
            log.info("host {}: watching deployment {}, resync every {}, events {}", PartWorkflowImpl.LOCAL_HOST,
                    settings.deployment(), settings.resyncInterval(), reconcile.events() ? "on" : "off");
        } catch (WorkflowExecutionAlreadyStarted running) {
            log.info("host {}: its workflow already runs", PartWorkflowImpl.LOCAL_HOST);
        }
    }
}
