package dev.steward.app.session;

import dev.steward.model.EventCause;
import dev.steward.model.PartSpec;
import dev.steward.model.PartStatus;
import dev.steward.model.PodSpec;
import dev.steward.model.PodStatus;
import dev.steward.model.Reason;
import dev.steward.model.ResourceKind;
import dev.steward.model.SessionSpec;
import dev.steward.model.SessionStatus;
import dev.steward.store.PartRepository;
import dev.steward.store.PartRow;
import dev.steward.store.PodRepository;
import dev.steward.store.PodRow;
import dev.steward.store.SessionRepository;
import dev.steward.store.SessionRow;
import dev.steward.store.TransitionRepository;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.transaction.annotation.Transactional;
import jakarta.inject.Singleton;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Writes a new session's rows, all or none, once its owner's quotas have room ({@link OwnerQuotas}), and undoes
 * them when its workflow did not start.
 */
@Singleton
public class SessionStore {

    private final SessionRepository sessions;
    private final PartRepository parts;
    private final PodRepository pods;
    private final TransitionRepository transitions;
    private final OwnerQuotas quotas;

    public SessionStore(SessionRepository sessions, PartRepository parts, PodRepository pods,
            TransitionRepository transitions, OwnerQuotas quotas) {
        this.sessions = sessions;
        this.parts = parts;
        this.pods = pods;
        this.transitions = transitions;
        this.quotas = quotas;
    }

    @Transactional
    public SessionRows insert(UUID id, SessionSpec spec, long generation, Instant now) {
        return insert(id, spec, generation, now, null);
    }

    /**
     * Writes a new session's rows; one created by a CloudEvent records that as its first transition
     * (reason {@code Event}), once however often the event is dispatched.
     */
    @Transactional
    public SessionRows insert(UUID id, SessionSpec spec, long generation, Instant now, @Nullable EventCause cause) {
        quotas.claimForNewSession(spec);
        String reason = cause == null ? Reason.CREATED.code() : Reason.EVENT.code();
        String message = cause == null ? "the session was created" : "the session was created by " + cause.describe();
        SessionRow session = sessions.save(new SessionRow(id, spec.owner(), spec.desiredStatus(), SessionStatus.PENDING,
                reason, message, generation, 0, spec, spec.timeslot().provisionAt(),
                spec.timeslot().startAt(), spec.timeslot().endAt(), spec.timeslot().cleanupDeadline(), List.of(), now, now));
        if (cause != null) {
            transitions.insertIfAbsent(UUID.nameUUIDFromBytes(("created by " + cause.key()).getBytes(StandardCharsets.UTF_8)),
                    id, ResourceKind.SESSION.name(), id.toString(), null, SessionStatus.PENDING.name(), reason, message,
                    generation, now);
        }
        List<PartRow> partRows = new ArrayList<>();
        List<PodRow> podRows = new ArrayList<>();
        for (int i = 0; i < spec.parts().size(); i++) {
            PartSpec part = spec.parts().get(i);
            partRows.add(new PartRow(null, id, part.name(), i, PartStatus.PENDING, Reason.NOT_STARTED.code(), null, now,
                    true, now));
            List<PodSpec> instances = part.instances();
            for (int j = 0; j < instances.size(); j++) {
                podRows.add(new PodRow(null, id, part.name(), instances.get(j).name(), j, PodStatus.PENDING,
                        Reason.NOT_RECONCILED.code(), null, null, null, 0, null, null, null, now));
            }
        }
        parts.saveAll(partRows);
        pods.saveAll(podRows);
        return new SessionRows(session, partRows, podRows);
    }

    /** Undoes {@link #insert} when the session's workflow is known not to run; rows cascade. */
    public void delete(UUID id) {
        sessions.deleteById(id);
    }

    /**
     * Ends a session whose workflow may or may not have started: Temporal could not say. A workflow
     * that did start records its own statuses over this one.
     */
    @Transactional
    public void recordStartUnconfirmed(UUID id, long generation, String message, Instant now) {
        transitions.insertIfAbsent(UUID.randomUUID(), id, ResourceKind.SESSION.name(), id.toString(),
                SessionStatus.PENDING.name(), SessionStatus.FAILED.name(), Reason.START_UNCONFIRMED.code(), message,
                generation, now);
        sessions.updateStatus(id, SessionStatus.FAILED.name(), Reason.START_UNCONFIRMED.code(), message, 0, null, now);
    }
}
