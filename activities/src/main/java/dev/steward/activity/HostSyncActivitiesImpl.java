package dev.steward.activity;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.model.Event;
import dev.steward.model.PodView;
import dev.steward.model.SessionSpec;
import dev.steward.store.PodRepository;
import dev.steward.store.PodRow;
import dev.steward.store.SessionRepository;
import dev.steward.store.SessionRow;
import dev.steward.workflow.PartWorkflow;
import dev.steward.workflow.PodReconciler;
import dev.steward.workflow.WorkflowIds;
import io.temporal.activity.Activity;
import io.temporal.activity.ActivityExecutionContext;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowNotFoundException;
import io.temporal.client.WorkflowServiceException;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** {@link HostSyncActivities} on docker-java; signals part workflows through the Temporal client. */
@Singleton
public class HostSyncActivitiesImpl implements HostSyncActivities {

    private static final Logger LOG = LoggerFactory.getLogger(HostSyncActivitiesImpl.class);
    /** The engine actions a part acts on; Podman sends die (with exitCode), not stop or kill. */
    private static final Set<String> RELAYED = Set.of("die", "oom", "start");
    private static final Duration HEARTBEAT_EVERY = Duration.ofSeconds(1);

    private final DockerClient docker;
    private final ContainerActivities containers;
    private final SessionRepository sessions;
    private final PodRepository pods;
    private final WorkflowClient temporal;

    public HostSyncActivitiesImpl(DockerClient docker, ContainerActivities containers, SessionRepository sessions,
            PodRepository pods, WorkflowClient temporal) {
        this.docker = docker;
        this.containers = containers;
        this.sessions = sessions;
        this.pods = pods;
        this.temporal = temporal;
    }

    @Override
    public void relayEvents(String deployment, int seconds) {
        ActivityExecutionContext context = Activity.getExecutionContext();
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        AtomicInteger relayed = new AtomicInteger();
        AtomicReference<Throwable> ended = new AtomicReference<>();
        try (ResultCallback.Adapter<Event> watch = docker.eventsCmd()
                .withLabelFilter(StewardLabels.forDeployment(deployment))
                .exec(new ResultCallback.Adapter<>() {
                    @Override
                    public void onNext(Event event) {
                        if (relay(event)) {
                            relayed.incrementAndGet();
                        }
                    }

                    @Override
                    public void onError(Throwable failure) {
                        ended.compareAndSet(null, failure);
                        super.onError(failure);
                    }

                    @Override
                    public void onComplete() {
                        ended.compareAndSet(null, new IllegalStateException("the engine closed its event stream"));
                        super.onComplete();
                    }
                })) {
            // Not the callback's awaitCompletion with a timeout: on this transport its timeout ends the stream.
            while (System.nanoTime() - until < 0) {
                if (ended.get() != null) {
                    throw new IllegalStateException("the event stream ended: " + ended.get().getMessage(), ended.get());
                }
                // Throws once the host workflow cancels the relay.
                context.heartbeat(relayed.get());
                Thread.sleep(HEARTBEAT_EVERY.toMillis());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while relaying events", e);
        } catch (IOException e) {
            LOG.debug("closing the event stream failed", e);
        }
    }

    private boolean relay(Event event) {
        String action = event.getAction() != null ? event.getAction() : event.getStatus();
        if (action == null || !RELAYED.contains(action) || event.getActor() == null) {
            return false;
        }
        Map<String, String> attributes = event.getActor().getAttributes();
        if (attributes == null) {
            return false;
        }
        String session = attributes.get(StewardLabels.SESSION);
        String part = attributes.get(StewardLabels.PART);
        if (session == null || part == null) {
            return false;
        }
        String exitCode = attributes.get("exitCode");
        ContainerEvent relayed = new ContainerEvent(event.getId(), attributes.get(StewardLabels.POD), action,
                exitCode == null ? null : Integer.valueOf(exitCode), System.currentTimeMillis());
        try {
            temporal.newWorkflowStub(PartWorkflow.class, WorkflowIds.part(UUID.fromString(session), part))
                    .containerEvent(relayed);
            return true;
        } catch (WorkflowNotFoundException | IllegalArgumentException gone) {
            return false; // its part has ended, or the label is not one of ours
        } catch (WorkflowServiceException e) {
            LOG.warn("relaying {} of container {} failed; the resync will catch it", action, event.getId(), e);
            return false;
        }
    }

    @Override
    public ResyncResult resync(String deployment, int orphanAgeSeconds) {
        List<ContainerState> all = containers.listContainers(StewardLabels.forDeployment(deployment));
        Map<UUID, SessionSpec> live = new HashMap<>();
        for (SessionRow row : sessions.findLive()) {
            live.put(row.id(), row.spec());
        }
        List<ContainerState> orphans = OrphanSweep.orphans(all, live, Instant.now().minusSeconds(orphanAgeSeconds));
        for (ContainerState orphan : orphans) {
            LOG.info("removing orphan container {} ({}): no live session wants it", orphan.name(), orphan.id());
            containers.removeContainer(orphan.id());
        }
        Map<String, List<ContainerState>> byPart = all.stream().collect(Collectors.groupingBy(
                c -> c.label(StewardLabels.SESSION) + "/" + c.label(StewardLabels.PART)));
        List<PodRow> recorded = live.isEmpty() ? List.of() : pods.findBySessionIdInOrderByPosition(live.keySet());
        Map<String, List<PodView>> believed = recorded.stream()
                .collect(Collectors.groupingBy(p -> p.sessionId() + "/" + p.partName(), Collectors.mapping(
                        p -> new PodView(p.name(), p.status(), p.reason(), p.message(), p.containerId(), p.host()),
                        Collectors.toList())));
        int notified = 0;
        for (Map.Entry<UUID, SessionSpec> session : live.entrySet()) {
            for (var part : session.getValue().parts()) {
                String key = session.getKey() + "/" + part.name();
                List<ContainerState> observed = byPart.getOrDefault(key, List.of());
                // Only a part whose recorded pods disagree with the engine hears of it: a quiet
                // resync adds nothing to any part's history.
                if (!PodReconciler.drifted(believed.getOrDefault(key, List.of()), observed)) {
                    continue;
                }
                try {
                    temporal.newWorkflowStub(PartWorkflow.class, WorkflowIds.part(session.getKey(), part.name()))
                            .resync(observed);
                    notified++;
                } catch (WorkflowNotFoundException notRunning) {
                    // A session of another Temporal namespace or one whose part has ended.
                }
            }
        }
        return new ResyncResult(all.size(), notified, orphans.size());
    }
}
