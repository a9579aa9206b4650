package dev.steward.contract;

import dev.steward.model.EventAwait;
import io.temporal.activity.ActivityInterface;
import java.util.List;
import java.util.UUID;

/**
 * The CloudEvents a session's parts await, as PostgreSQL keeps them with the session: workflows carry only
 * references to events, and read their data here when they start a part or hand it a new spec.
 */
@ActivityInterface
public interface EventActivities {

    /**
     * For each entry of {@code awaits}, the first event that arrived for the session and matches it, once each,
     * in the order they arrived; an entry no arrived event matches has none.
     */
    List<StoredEvent> firstArrived(UUID sessionId, List<EventAwait> awaits);
}
