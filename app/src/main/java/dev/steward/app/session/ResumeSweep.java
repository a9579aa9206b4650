package dev.steward.app.session;

import dev.steward.app.temporal.HostWorkflowClient;
import dev.steward.app.temporal.NamespaceRegistration;
import dev.steward.app.temporal.WorkflowPresence;
import dev.steward.config.ResumeConfig;
import dev.steward.store.HostRow;
import dev.steward.store.HostStore;
import dev.steward.store.SessionRepository;
import dev.steward.store.SessionRow;
import dev.steward.telemetry.FailureEpisodes;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Requires;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.TaskScheduler;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Named;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ScheduledFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * At startup and then every {@code steward.resume.interval}: every session that has not ended and every
 * registered host whose workflow is missing from Temporal gets a new run from its rows. A last resort:
 * Temporal keeps its history across restarts, but a server without persistence or a lost namespace
 * forgets everything, and a workflow can be terminated by hand. Runs in worker processes; more than one
 * at a time is harmless (a start Temporal has seen is refused, and left alone).
 */
@Context
@Requires(property = "steward.worker.enabled", notEquals = "false")
@Requires(property = "steward.resume.enabled", notEquals = "false")
public class ResumeSweep {

    private static final Logger LOG = LoggerFactory.getLogger(ResumeSweep.class);
    private static final String SWEEPING = "resuming the workflows missing from Temporal";

    private final SessionRepository sessions;
    private final SessionResume resume;
    private final HostStore hosts;
    private final HostWorkflowClient hostWorkflows;
    private final ResumeConfig config;
    private final NamespaceRegistration namespace;
    private final FailureEpisodes failures = new FailureEpisodes(LOG);
    private final ScheduledFuture<?> sweeping;

    public ResumeSweep(SessionRepository sessions, SessionResume resume, HostStore hosts, HostWorkflowClient hostWorkflows,
            NamespaceRegistration namespace, ResumeConfig config,
            @Named(TaskExecutors.SCHEDULED) TaskScheduler scheduler) {
        this.namespace = namespace;
        this.sessions = sessions;
        this.resume = resume;
        this.hosts = hosts;
        this.hostWorkflows = hostWorkflows;
        this.config = config;
        this.sweeping = scheduler.scheduleWithFixedDelay(Duration.ZERO, config.interval(), this::sweepLogged);
    }

    /** @return how many workflows were started again */
    public int sweep() {
        // A Temporal that lost its data lost the namespace too: nothing runs, or is found, until it is back.
        namespace.ensure();
        int resumed = 0;
        for (HostRow host : hosts.list()) {
            if (WorkflowPresence.missing(hostWorkflows.status(host.name()))) {
                LOG.info("host {}: its workflow was missing; starting it again", host.name());
                hostWorkflows.start(host.name());
                resumed++;
            }
        }
        for (SessionRow row : sessions.findUnendedCreatedBefore(Instant.now().minus(config.grace()))) {
            if (resume.ifMissing(row)) {
                resumed++;
            }
        }
        return resumed;
    }

    private void sweepLogged() {
        try {
            int resumed = sweep();
            failures.succeeded(SWEEPING);
            if (resumed > 0) {
                LOG.warn("{} workflows were missing from Temporal and were started again from PostgreSQL: Temporal"
                        + " lost its data (a server without persistence, a restored or deleted namespace), or a"
                        + " workflow was terminated by hand", resumed);
            }
        } catch (RuntimeException e) {
            // Temporal or PostgreSQL out of reach: the next sweep tries again.
            failures.failed(SWEEPING, "tried again in " + config.interval().toSeconds() + " s", e);
        }
    }

    @PreDestroy
    void stop() {
        sweeping.cancel(false);
    }
}
