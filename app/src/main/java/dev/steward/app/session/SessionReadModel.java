package dev.steward.app.session;

import dev.steward.model.PartView;
import dev.steward.model.ExitInfo;
import dev.steward.model.PodView;
import dev.steward.model.SessionView;
import dev.steward.model.Timeslot;
import dev.steward.store.PartRow;
import dev.steward.store.PodRow;
import dev.steward.store.PodRepository;
import dev.steward.store.PartRepository;
import dev.steward.store.SessionRow;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

/** Turns read-model rows into session trees: two queries for any number of sessions. */
@Singleton
public class SessionReadModel {

    private final PartRepository parts;
    private final PodRepository pods;

    public SessionReadModel(PartRepository parts, PodRepository pods) {
        this.parts = parts;
        this.pods = pods;
    }

    public List<SessionView> trees(List<SessionRow> sessions) {
        if (sessions.isEmpty()) {
            return List.of();
        }
        List<UUID> ids = sessions.stream().map(SessionRow::id).toList();
        Map<UUID, List<PartRow>> partsBySession =
                parts.findBySessionIdInOrderByPosition(ids).stream().collect(Collectors.groupingBy(PartRow::sessionId));
        Map<UUID, List<PodRow>> podsBySession =
                pods.findBySessionIdInOrderByPosition(ids).stream().collect(Collectors.groupingBy(PodRow::sessionId));
        return sessions.stream()
                .map(s -> tree(new SessionRows(s, partsBySession.getOrDefault(s.id(), List.of()),
                        podsBySession.getOrDefault(s.id(), List.of()))))
                .toList();
    }

    /** The tree of rows at hand, without a query. */
    public SessionView tree(SessionRows rows) {
        return tree(rows.session(), rows.parts(),
                rows.pods().stream().collect(Collectors.groupingBy(PodRow::partName)));
    }

    private static SessionView tree(SessionRow s, List<PartRow> partRows, Map<String, List<PodRow>> podRows) {
        List<PartView> partViews = partRows.stream()
                .map(p -> new PartView(p.name(), p.status(), p.reason(), p.message(),
                        podRows.getOrDefault(p.name(), List.of()).stream()
                                .map(pod -> new PodView(pod.name(), pod.status(), pod.reason(), pod.message(),
                                        pod.containerId(), pod.host(), pod.restarts(),
                                        pod.lastExitReason() == null ? null
                                                : new ExitInfo(pod.lastExitCode(), pod.lastExitReason()),
                                        pod.nextRestartAt()))
                                .toList()))
                .toList();
        return new SessionView(s.id(), s.owner(), s.desiredStatus(), s.status(), s.reason(), s.message(),
                s.generation(), s.observedGeneration(),
                new Timeslot(s.provisionAt(), s.startAt(), s.endAt(), s.cleanupDeadline()), s.conditions(), partViews,
                s.spec(), s.createdAt(), s.updatedAt());
    }
}
