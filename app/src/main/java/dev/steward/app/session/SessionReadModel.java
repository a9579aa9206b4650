package dev.steward.app.session;

import dev.steward.model.Condition;
import dev.steward.model.ExitInfo;
import dev.steward.model.PartView;
import dev.steward.model.PodView;
import dev.steward.model.PullProgress;
import dev.steward.model.SessionView;
import dev.steward.model.Timeslot;
import dev.steward.store.PartRepository;
import dev.steward.store.PartRow;
import dev.steward.store.PodRepository;
import dev.steward.store.PodRow;
import dev.steward.store.SessionRow;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * Turns read-model rows into session trees: two queries for any number of sessions, and two more
 * when a pod is pulling its image (its progress, {@link PodPulls}).
 */
@Singleton
public class SessionReadModel {

    private final PartRepository parts;
    private final PodRepository pods;
    private final PodPulls pulls;

    public SessionReadModel(PartRepository parts, PodRepository pods, PodPulls pulls) {
        this.parts = parts;
        this.pods = pods;
        this.pulls = pulls;
    }

    public List<SessionView> trees(List<SessionRow> sessions) {
        if (sessions.isEmpty()) {
            return List.of();
        }
        List<UUID> ids = sessions.stream().map(SessionRow::id).toList();
        Map<UUID, List<PartRow>> partsBySession =
                parts.findBySessionIdInOrderByPosition(ids).stream().collect(Collectors.groupingBy(PartRow::sessionId));
        List<PodRow> podRows = pods.findBySessionIdInOrderByPosition(ids);
        Map<UUID, List<PodRow>> podsBySession = podRows.stream().collect(Collectors.groupingBy(PodRow::sessionId));
        Map<Long, PullProgress> pulling = pulls.of(sessions, podRows);
        return sessions.stream()
                .map(s -> tree(s, partsBySession.getOrDefault(s.id(), List.of()),
                        podsBySession.getOrDefault(s.id(), List.of()), pulling))
                .toList();
    }

    /** The tree of rows at hand, without a query (so without pulls' progress). */
    public SessionView tree(SessionRows rows) {
        return tree(rows.session(), rows.parts(), rows.pods(), Map.of());
    }

    private static SessionView tree(SessionRow s, List<PartRow> partRows, List<PodRow> pods,
            Map<Long, PullProgress> pulling) {
        Map<String, List<PodRow>> podRows = pods.stream().collect(Collectors.groupingBy(PodRow::partName));
        List<PartView> partViews = partRows.stream()
                .map(p -> new PartView(p.name(), p.status(), p.reason(), p.message(),
                        podRows.getOrDefault(p.name(), List.of()).stream()
                                .map(pod -> new PodView(pod.name(), pod.status(), pod.reason(), pod.message(),
                                        pod.containerId(), pod.host(), pod.restarts(),
                                        pod.lastExitReason() == null ? null
                                                : new ExitInfo(pod.lastExitCode(), pod.lastExitReason()),
                                        pod.nextRestartAt()).withPullProgress(pullOf(pod, pulling)))
                                .toList(),
                        // The read model keeps no pass count: passes change without a transition to write.
                        null,
                        List.of(Condition.progressing(p.progressing(), p.reason(), p.message(), p.progressingSince()))))
                .toList();
        return new SessionView(s.id(), s.owner(), s.desiredStatus(), s.status(), s.reason(), s.message(),
                s.generation(), s.observedGeneration(),
                new Timeslot(s.provisionAt(), s.startAt(), s.endAt(), s.cleanupDeadline()), s.conditions(), partViews,
                s.spec(), s.createdAt(), s.updatedAt());
    }

    /** Rows made in this request (a session being created) have no id yet, and no pull. */
    private static PullProgress pullOf(PodRow pod, Map<Long, PullProgress> pulling) {
        return pod.id() == null ? null : pulling.get(pod.id());
    }
}
