package dev.steward.app.events;

import dev.steward.model.SessionSpec;
import io.micronaut.core.annotation.Nullable;
import java.util.List;

/**
 * What an event may act on, from the event source that delivered it: the sessions of one owner (of
 * every owner for a source an admin let act for all), through the triggers the source lists.
 *
 * @param sender the event source's name
 * @param owner the owner the source acted for when it accepted the event; null for every owner
 * @param triggers the names of the triggers the source's events may fire
 */
record EventReach(String sender, @Nullable String owner, List<String> triggers) {

    boolean reaches(String sessionOwner) {
        return owner == null || owner.equals(sessionOwner);
    }

    boolean fires(Trigger trigger) {
        return triggers.contains(trigger.spec().name());
    }

    /** The spec of a session the event creates: its source's owner's, whatever the spec names. */
    @Nullable SessionSpec own(@Nullable SessionSpec spec) {
        return owner == null || spec == null ? spec : spec.withOwner(owner);
    }
}
