package dev.steward.app.events;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import java.util.Map;

/**
 * A trigger: events its {@code filter} (CloudEvents Subscriptions API dialects) matches get its action.
 *
 * @param name a DNS label, unique
 * @param filter one filter: {@code exact}, {@code prefix}, {@code suffix}, {@code all}, {@code any}, {@code not} or {@code sql}
 * @param action {@code create-session}, {@code set-desired-status}, {@code move-timeslot} or {@code delete}
 * @param template for {@code create-session}: a session spec whose strings may hold placeholders, each
 *        replaced by text; the session gets the owner of the event's source, the template's only from a
 *        source of every owner
 * @param desiredStatus for {@code set-desired-status}: {@code RUNNING}, {@code STOPPED} or {@code DELETED}
 * @param timeslot for {@code move-timeslot}: a timeslot whose strings may hold placeholders
 * @param session for the actions on a session: where the event names it, {@code subject} (the default,
 *        {@code sessions/{id}}) or a data field such as {@code data.session}
 */
@Serdeable
public record TriggerSpec(@Nullable String name, @Nullable Map<String, Object> filter, @Nullable String action,
        @Nullable Map<String, Object> template, @Nullable String desiredStatus, @Nullable Map<String, Object> timeslot,
        @Nullable String session) {}
