package dev.steward.app.session;

import dev.steward.app.refusal.InvalidRequest;
import dev.steward.app.refusal.QuotaExceeded;
import dev.steward.model.FieldError;
import dev.steward.model.SessionSpec;
import dev.steward.store.SessionRepository;
import jakarta.inject.Singleton;
import java.util.UUID;

/**
 * The operator's quotas per owner ({@code steward.quotas}): live sessions, and pods of live sessions. A
 * spec that could never fit (more pods alone than the quota) is a 422 naming {@code parts}; one that does
 * not fit now, beside what the owner already holds, is a 429 naming the quota, and fits once some of the
 * owner's sessions end. Each creation counts within the transaction that writes the session, under a lock
 * on the owner's quota, so concurrent creations cannot pass it together.
 */
@Singleton
public class OwnerQuotas {

    static final String LIVE_SESSIONS = "steward.quotas.live-sessions-per-owner";
    static final String PODS = "steward.quotas.pods-per-owner";
    /** No session has this id: nothing is left out of the count. */
    private static final UUID NONE = new UUID(0, 0);

    private final QuotasConfig quotas;
    private final SessionRepository sessions;

    public OwnerQuotas(QuotasConfig quotas, SessionRepository sessions) {
        this.quotas = quotas;
        this.sessions = sessions;
    }

    /** A 422 when the spec alone has more pods than an owner may hold. */
    private void requireFitsAlone(SessionSpec spec) {
        int pods = pods(spec);
        if (quotas.podsPerOwner() > 0 && pods > quotas.podsPerOwner()) {
            throw new InvalidRequest(new FieldError("parts", "has " + pods + " pods (each replica one), more than an "
                    + "owner may hold at once: " + PODS + " is " + quotas.podsPerOwner()));
        }
    }

    /**
     * Takes room for a new session of {@code spec}'s owner, or refuses it (422 or 429). Must run in the
     * transaction that writes the session: the owner's quota stays locked until it ends.
     */
    void claimForNewSession(SessionSpec spec) {
        requireFitsAlone(spec);
        if (quotas.liveSessionsPerOwner() <= 0 && quotas.podsPerOwner() <= 0) {
            return;
        }
        sessions.lockQuota(spec.owner());
        long live = sessions.countLive(spec.owner());
        if (quotas.liveSessionsPerOwner() > 0 && live >= quotas.liveSessionsPerOwner()) {
            throw new QuotaExceeded("owner " + spec.owner() + " has " + live + " live sessions, as many as "
                    + LIVE_SESSIONS + " (" + quotas.liveSessionsPerOwner() + ") allows; one must end (be deleted or"
                    + " expire) before another is created");
        }
        requireRoomForPods(spec, NONE);
    }

    /** A 429 when session {@code id}'s new spec has more pods than fit beside the owner's other live sessions. */
    public void requireRoomForChange(UUID id, SessionSpec spec) {
        requireFitsAlone(spec);
        requireRoomForPods(spec, id);
    }

    private void requireRoomForPods(SessionSpec spec, UUID replaced) {
        if (quotas.podsPerOwner() <= 0) {
            return;
        }
        long held = sessions.countLivePods(spec.owner(), replaced);
        int wanted = pods(spec);
        if (held + wanted > quotas.podsPerOwner()) {
            throw new QuotaExceeded("owner " + spec.owner() + " has " + held + " pods in live sessions; " + wanted
                    + " more would pass " + PODS + " (" + quotas.podsPerOwner() + "); some must end first");
        }
    }

    private static int pods(SessionSpec spec) {
        return spec.parts().stream().mapToInt(part -> part.instances().size()).sum();
    }
}
