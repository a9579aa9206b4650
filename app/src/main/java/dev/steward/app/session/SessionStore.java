package dev.steward.app.session;

import dev.steward.model.PartSpec;
import dev.steward.model.PartStatus;
import dev.steward.model.PodStatus;
import dev.steward.model.Reason;
import dev.steward.model.SessionSpec;
import dev.steward.model.SessionStatus;
import dev.steward.store.PartRepository;
import dev.steward.store.PartRow;
import dev.steward.store.PodRepository;
import dev.steward.store.PodRow;
import dev.steward.store.SessionRepository;
import dev.steward.store.SessionRow;
import io.micronaut.transaction.annotation.Transactional;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** Writes a new session's rows, all or none. */
@Singleton
public class SessionStore {

    private final SessionRepository sessions;
    private final PartRepository parts;
    private final PodRepository pods;

    public SessionStore(SessionRepository sessions, PartRepository parts, PodRepository pods) {
        this.sessions = sessions;
        this.parts = parts;
        this.pods = pods;
    }

    @Transactional
    public SessionRow insert(UUID id, SessionSpec spec, long generation, Instant now) {
        SessionRow session = sessions.save(new SessionRow(id, spec.owner(), spec.desiredStatus(), SessionStatus.PENDING,
                Reason.CREATED.code(), "the session was created", generation, 0, spec, spec.timeslot().provisionAt(),
                spec.timeslot().startAt(), spec.timeslot().endAt(), spec.timeslot().cleanupDeadline(), List.of(), now, now));
        List<PartRow> partRows = new ArrayList<>();
        List<PodRow> podRows = new ArrayList<>();
        for (int i = 0; i < spec.parts().size(); i++) {
            PartSpec part = spec.parts().get(i);
            partRows.add(new PartRow(null, id, part.name(), i, PartStatus.PENDING, Reason.NOT_STARTED.code(), null, now));
            for (int j = 0; j < part.pods().size(); j++) {
                podRows.add(new PodRow(null, id, part.name(), part.pods().get(j).name(), j, PodStatus.PENDING,
                        Reason.NOT_RECONCILED.code(), null, null, null, 0, null, null, null, now));
            }
        }
        parts.saveAll(partRows);
        pods.saveAll(podRows);
        return session;
    }

    /** Undoes {@link #insert} when the session's workflow could not be started; rows cascade. */
    public void delete(UUID id) {
        sessions.deleteById(id);
    }
}
