package dev.steward.app.events;

import dev.steward.store.EventRow;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import java.time.Instant;
import java.util.List;

/**
 * A stored event and what it did.
 *
 * @param sender the event source whose token delivered it
 * @param owner the owner that event source acted for; null for every owner
 * @param dispatchedAt when its effects were handed to the sessions; null while it waits for dispatch
 * @param matched whether a Steward event type, a trigger or an awaiting part acted on it; null before dispatch
 * @param outcome each effect in words, or why it matched nothing
 * @param sessions the ids of the sessions it touched
 */
@Serdeable
public record EventView(long seq, String source, String id, String type, @Nullable String subject, String sender,
        @Nullable String owner, Instant receivedAt, @Nullable Instant dispatchedAt, @Nullable Boolean matched, @Nullable String outcome,
        List<String> sessions) {

    static EventView of(EventRow row) {
        return new EventView(row.seq(), row.source(), row.id(), row.type(), row.subject(), row.sender(), row.owner(),
                row.receivedAt(), row.dispatchedAt(), row.matched(), row.outcome(), row.sessions());
    }
}
