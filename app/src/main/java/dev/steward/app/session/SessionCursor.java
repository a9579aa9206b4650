package dev.steward.app.session;

import dev.steward.app.refusal.InvalidRequest;
import dev.steward.model.FieldError;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.UUID;

/**
 * Where a listing goes on from: the last session of the page before, by creation time and id (the
 * listing's order). Opaque to clients; a session created meanwhile never shifts the pages after it.
 */
public record SessionCursor(Instant createdAt, UUID id) {

    public String encode() {
        return Base64.getUrlEncoder().withoutPadding()
                .encodeToString((createdAt + " " + id).getBytes(StandardCharsets.UTF_8));
    }

    /** The cursor a listing's {@code next} gave; 422 naming {@code cursor} for anything else. */
    public static SessionCursor decode(String text) {
        try {
            String[] parts = new String(Base64.getUrlDecoder().decode(text), StandardCharsets.UTF_8).split(" ");
            return new SessionCursor(Instant.parse(parts[0]), UUID.fromString(parts[1]));
        } catch (RuntimeException notACursor) {
            throw new InvalidRequest(new FieldError("cursor", "is not a cursor a listing's next gave"));
        }
    }
}
