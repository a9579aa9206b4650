package dev.steward.app.session;

import dev.steward.app.refusal.Conflict;
import dev.steward.app.refusal.InvalidRequest;
import dev.steward.config.ApiConfig;
import dev.steward.model.FieldError;
import dev.steward.model.SessionSpec;
import dev.steward.model.SessionSpecValidator;
import dev.steward.model.SessionView;
import dev.steward.model.Sha256;
import dev.steward.store.SessionRepository;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * Session creation under an {@code Idempotency-Key}: the first request with a key claims it for the
 * session it makes; a repeat with the same body gets that session, with another body a 422. A
 * creation that fails without leaving a session frees its key, so the client's retry makes one.
 */
@Singleton
public class IdempotentCreation {

    /** Keys longer than this are refused: they are stored, and a UUID is far shorter. */
    public static final int MAX_KEY_LENGTH = 255;
    private static final Duration POLL = Duration.ofMillis(50);

    private final SessionCreation sessions;
    private final SessionReads reads;
    private final SessionRepository rows;
    private final IdempotencyKeyRepository keys;
    private final JsonMapper json;
    private final Duration wait;

    public IdempotentCreation(SessionCreation sessions, SessionReads reads, SessionRepository rows, IdempotencyKeyRepository keys,
            JsonMapper json, ApiConfig api) {
        this.sessions = sessions;
        this.reads = reads;
        this.rows = rows;
        this.keys = keys;
        this.json = json;
        // The first request answers within twice the Temporal timeout (see SessionCreation.create).
        this.wait = api.temporalTimeout().multipliedBy(2).plusSeconds(1);
    }

    /** @param caller who asks (its token's name): a key is the caller's own */
    public SessionView create(@Nullable SessionSpec spec, @Nullable String key, String caller) {
        if (key == null) {
            return sessions.create(spec);
        }
        String scope = IdempotencyKey.of(caller, key).scope();
        InvalidRequest.rejectIfAny(SessionSpecValidator.validate(spec));
        String request = Sha256.hex(write(spec));
        Instant giveUp = Instant.now().plus(wait);
        while (true) {
            if (Instant.now().isAfter(giveUp)) {
                throw new Conflict("the first request with this Idempotency-Key is still being served; repeat it");
            }
            UUID id = UUID.randomUUID();
            if (keys.claim(scope, request, id, Instant.now()) == 1) {
                return createClaimed(spec, scope, id);
            }
            Optional<IdempotencyKeyRow> held = keys.findById(scope);
            if (held.isPresent()) {
                if (!held.get().requestSha256().equals(request)) {
                    throw new InvalidRequest(new FieldError("Idempotency-Key",
                            "was used for a request with another body; a new request needs a new key"));
                }
                if (rows.existsById(held.get().sessionId())) {
                    return reads.get(held.get().sessionId());
                }
                pause();
            }
            // Not held any more: the first request failed and freed it, so this one claims it anew.
        }
    }

    private SessionView createClaimed(SessionSpec spec, String scope, UUID id) {
        try {
            return sessions.create(spec, id);
        } catch (RuntimeException failed) {
            if (!rows.existsById(id)) {
                keys.deleteById(scope);
            }
            throw failed;
        }
    }

    private String write(SessionSpec spec) {
        try {
            return json.writeValueAsString(spec);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void pause() {
        try {
            Thread.sleep(POLL.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
