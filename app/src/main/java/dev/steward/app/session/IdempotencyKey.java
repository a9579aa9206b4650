package dev.steward.app.session;

import dev.steward.app.refusal.InvalidRequest;
import dev.steward.model.FieldError;
import dev.steward.model.Sha256;
import dev.steward.model.StorableText;
import io.micronaut.core.annotation.Nullable;

/**
 * A request's {@code Idempotency-Key}, the caller's own: a repeat of the request under it is the same
 * request.
 *
 * @param caller who asks (its token's name)
 * @param key the header's value: 1 to {@link IdempotentCreation#MAX_KEY_LENGTH} characters of storable text
 */
public record IdempotencyKey(String caller, String key) {

    /** The caller's key; {@code null} when the request has none. A key that breaks the rules is refused. */
    public static @Nullable IdempotencyKey of(String caller, @Nullable String key) {
        if (key == null) {
            return null;
        }
        if (key.isBlank() || key.length() > IdempotentCreation.MAX_KEY_LENGTH || StorableText.problem(key) != null) {
            throw new InvalidRequest(new FieldError("Idempotency-Key",
                    "must be 1 to " + IdempotentCreation.MAX_KEY_LENGTH + " characters of storable text"));
        }
        return new IdempotencyKey(caller, key);
    }

    /** What the key's requests are kept apart from other callers' by. */
    public String scope() {
        return caller + " " + key;
    }

    /**
     * The id of the update {@code updateName} this request sends: the same for a repeat, so Temporal applies it
     * once and answers the repeat with the first one's result. Hashed, so any key makes a short id.
     */
    public String updateId(String updateName) {
        return updateName + " " + Sha256.hex(scope());
    }

    /** The update's id for a request with {@code key}; {@code null} (Temporal picks one) for a request without. */
    public static @Nullable String updateIdOf(@Nullable IdempotencyKey key, String updateName) {
        return key == null ? null : key.updateId(updateName);
    }
}
