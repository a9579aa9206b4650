package dev.steward.store;

import io.micronaut.core.annotation.Nullable;
import java.util.UUID;

/**
 * An event appended to the outbox, as its {@code NOTIFY} tells it: enough for a reader to know whether
 * it wants to read.
 *
 * @param position the event's position in the outbox
 * @param sessionId its session, {@code null} for a host's event
 * @param owner its session's owner, {@code null} for a host's event
 */
public record Appended(long position, @Nullable UUID sessionId, @Nullable String owner) {

    private static final String SEPARATOR = "\t";
    private static final String NONE = "-";

    String payload() {
        return position + SEPARATOR + (sessionId == null ? NONE : sessionId) + SEPARATOR + (owner == null ? NONE : owner);
    }

    /** The event a payload tells of; {@code null} for one that is not a payload of {@link Outbox}'s. */
    public static @Nullable Appended of(String payload) {
        String[] fields = payload.split(SEPARATOR, 3);
        try {
            return new Appended(Long.parseLong(fields[0]),
                    fields.length < 2 || NONE.equals(fields[1]) ? null : UUID.fromString(fields[1]),
                    fields.length < 3 || NONE.equals(fields[2]) ? null : fields[2]);
        } catch (IllegalArgumentException unreadable) {
            return null;
        }
    }
}
