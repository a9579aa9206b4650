package dev.steward.app.session;

import dev.steward.app.refusal.InvalidRequest;
import dev.steward.app.refusal.NotFound;
import dev.steward.contract.WorkflowIds;
import dev.steward.model.EnumText;
import dev.steward.model.FieldError;
import dev.steward.model.PodView;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.store.SessionRepository;
import dev.steward.store.SessionRow;
import dev.steward.store.TransitionRepository;
import dev.steward.store.TransitionRow;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;

/**
 * What Steward shows of sessions: a session's tree, a page of sessions, a pod, the transitions, all from
 * the read model (PostgreSQL), never from a workflow. A session that does not exist is a 404.
 */
@Singleton
public class SessionReads {

    private static final int MAX_PAGE_SIZE = 100;

    private final SessionRepository sessions;
    private final TransitionRepository transitions;
    private final SessionReadModel readModel;
    private final SessionQuery query;

    public SessionReads(SessionRepository sessions, TransitionRepository transitions, SessionReadModel readModel,
            SessionQuery query) {
        this.sessions = sessions;
        this.transitions = transitions;
        this.readModel = readModel;
        this.query = query;
    }

    /** The owner of the session; 404 when there is no such session. */
    public String ownerOf(UUID id) {
        return row(id).owner();
    }

    public SessionView get(UUID id) {
        return readModel.trees(List.of(row(id))).getFirst();
    }

    /**
     * One page of the sessions matching the filters that are given, newest first: from {@code cursor}
     * when there is one (a listing's {@code next}), else page {@code page}.
     *
     * @param statuses status names in any case, each one or several joined by commas; any of them matches
     */
    public SessionList list(@Nullable String owner, List<String> statuses, @Nullable String labelSelector,
            @Nullable String cursor, int page, int size) {
        if (page < 0) {
            throw new InvalidRequest(new FieldError("page", "must not be negative"));
        }
        if (size < 1 || size > MAX_PAGE_SIZE) {
            throw new InvalidRequest(new FieldError("size", "must be between 1 and " + MAX_PAGE_SIZE));
        }
        SessionCursor after = cursor == null || cursor.isBlank() ? null : SessionCursor.decode(cursor);
        SessionQuery.Found found = query.find(new SessionQuery.Filter(owner, parseStatuses(statuses),
                LabelSelector.parse(labelSelector), after), after == null ? page * size : 0, size);
        Map<UUID, SessionRow> rows = new HashMap<>();
        sessions.findByIdIn(found.ids()).forEach(row -> rows.put(row.id(), row));
        List<SessionRow> ordered = found.ids().stream().map(rows::get).filter(Objects::nonNull).toList();
        String next = ordered.size() < size ? null
                : new SessionCursor(ordered.getLast().createdAt(), ordered.getLast().id()).encode();
        return new SessionList(readModel.trees(ordered), found.total(), next);
    }

    private static Set<SessionStatus> parseStatuses(List<String> statuses) {
        Set<SessionStatus> parsed = EnumSet.noneOf(SessionStatus.class);
        for (String status : statuses.stream().flatMap(s -> Arrays.stream(s.split(","))).filter(s -> !s.isBlank()).toList()) {
            try {
                parsed.add(EnumText.parse(SessionStatus.class, status));
            } catch (IllegalArgumentException unknown) {
                throw new InvalidRequest(new FieldError("status", unknown.getMessage()));
            }
        }
        return parsed;
    }

    /** One pod of the session as the read model has it. */
    public PodView pod(UUID id, String part, String pod) {
        return get(id).parts().stream().filter(p -> p.name().equals(part))
                .flatMap(p -> p.pods().stream()).filter(p -> p.name().equals(pod))
                .findFirst().orElseThrow(() -> new NotFound("pod " + part + "/" + pod + " of session " + id));
    }

    /** The id of the session's workflow, or of one of its parts' when {@code part} is given. */
    public String workflowId(UUID id, @Nullable String part) {
        SessionRow row = row(id);
        if (part == null) {
            return WorkflowIds.session(id);
        }
        if (row.spec().parts().stream().noneMatch(p -> p.name().equals(part))) {
            throw new NotFound("part " + part + " of session " + id);
        }
        return WorkflowIds.part(id, part);
    }

    /** The session's recorded status changes, oldest first; @param since only those after it, when given */
    public List<TransitionRow> transitions(UUID id, @Nullable Instant since) {
        row(id);
        List<TransitionRow> all = transitions.findBySessionIdOldestFirst(id);
        return since == null ? all : all.stream().filter(t -> t.occurredAt().isAfter(since)).toList();
    }

    /** The session's row; 404 when there is no such session. */
    public SessionRow row(UUID id) {
        return sessions.findById(id).orElseThrow(() -> notFound(id));
    }

    /** The session's generation, which every change of spec, timeslot or desired status raises. */
    public long generation(UUID id) {
        return row(id).generation();
    }

    /** The refusal for a session that does not exist, or that the caller may not know of: one answer for both. */
    public static NotFound notFound(UUID id) {
        return new NotFound("session " + id);
    }
}
