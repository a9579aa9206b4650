package dev.steward.app.events;

import com.fasterxml.jackson.databind.JsonNode;
import dev.steward.app.auth.SessionAccess;
import dev.steward.app.refusal.Conflict;
import dev.steward.app.refusal.Forbidden;
import dev.steward.app.refusal.InvalidRequest;
import dev.steward.app.refusal.NotFound;
import dev.steward.app.refusal.QuotaExceeded;
import dev.steward.app.session.SessionCommands;
import dev.steward.app.session.SessionCreation;
import dev.steward.app.session.SessionReads;
import dev.steward.model.DesiredStatus;
import dev.steward.model.EventCause;
import dev.steward.model.SessionSpec;
import dev.steward.model.Timeslot;
import dev.steward.workflow.session.ArrivedEvent;
import io.cloudevents.CloudEvent;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * What an event does: a Steward event type acts on its own, every trigger its source may fire whose
 * filter matches acts in name order; only on sessions of the owner its source acts for, which every
 * session it creates gets. Each effect is keyed by the event (the session id it creates, the update id
 * it sends), so dispatching an event again has no further effect. A refusal (no such session, a change the
 * session cannot take, bad data) is the event's outcome; Temporal or PostgreSQL out of reach is thrown,
 * and the event is dispatched again later.
 */
@Singleton
public class EventActions {

    private static final String SESSIONS_PREFIX = "sessions/";

    private final SessionCreation creation;
    private final SessionCommands sessions;
    private final SessionReads reads;
    private final Triggers triggers;
    private final JsonMapper json;

    public EventActions(SessionCreation creation, SessionCommands sessions, SessionReads reads, Triggers triggers,
            JsonMapper json) {
        this.creation = creation;
        this.sessions = sessions;
        this.reads = reads;
        this.triggers = triggers;
        this.json = json;
    }

    /** The session id an event creates: derived from its source and id, the same however often it comes. */
    public static UUID sessionIdOf(String source, String id) {
        return UUID.nameUUIDFromBytes((source + "\n" + id).getBytes(StandardCharsets.UTF_8));
    }

    DispatchOutcome apply(CloudEvent event, EventReach reach) {
        EventCause cause = new EventCause(event.getId(), event.getSource().toString(), event.getType());
        Optional<JsonNode> data = EventData.of(event);
        List<String> effects = new ArrayList<>();
        Set<UUID> touched = new LinkedHashSet<>();
        if (StewardEventTypes.ALL.contains(event.getType())) {
            effects.add(event.getType() + ": " + attempt(touched, () -> stewardType(event, cause, data, reach, touched)));
        }
        List<Trigger> fired = triggers.all().stream().filter(reach::fires).toList();
        for (Trigger trigger : fired) {
            if (trigger.filter().matches(event)) {
                effects.add("trigger " + trigger.spec().name() + ": "
                        + attempt(touched, () -> triggered(trigger, event, cause, data, reach, touched)));
            }
        }
        awaitingParts(event, cause).ifPresent(session -> {
            String delivered = attempt(touched, () -> deliver(session, cause, data, reach, touched));
            if (delivered != null) {
                effects.add(delivered);
            }
        });
        if (effects.isEmpty()) {
            return new DispatchOutcome(false, "matched nothing: " + event.getType() + " is no Steward event type,"
                    + " none of the " + fired.size() + " trigger(s) event source " + reach.sender()
                    + " may fire matched it, and no part of a session named by its subject awaits it", List.of());
        }
        return new DispatchOutcome(true, String.join("; ", effects), List.copyOf(touched));
    }

    private interface Effect {
        String run();
    }

    /** Runs an effect; a refusal becomes its outcome, anything else is thrown for a later dispatch. */
    private static String attempt(Set<UUID> touched, Effect effect) {
        try {
            return effect.run();
        } catch (NotFound | Conflict | InvalidRequest | Forbidden | QuotaExceeded refused) {
            String fields = refused.errors().isEmpty() ? ""
                    : " (" + refused.errors().stream().map(e -> e.field() + " " + e.message())
                            .collect(Collectors.joining("; ")) + ")";
            return "refused: " + refused.getMessage() + fields;
        } catch (TemplateUnresolved | EventDataUnreadable unusable) {
            return "refused: " + unusable.getMessage();
        }
    }

    private String stewardType(CloudEvent event, EventCause cause, Optional<JsonNode> data, EventReach reach,
            Set<UUID> touched) {
        if (event.getType().equals(StewardEventTypes.CREATE)) {
            SessionSpec spec = read(data.orElseThrow(() -> new EventDataUnreadable("the event has no data: a session"
                    + " spec is required")), SessionSpec.class, "a session spec");
            if (spec != null) {
                // The host's network is an operator's to give: a trigger's template may, an event's data not.
                SessionAccess.requireNoHostNetwork(spec, "event source " + reach.sender());
            }
            return create(spec, cause, reach, touched);
        }
        UUID session = fromSubject(event);
        touched.add(session);
        requireReached(session, reach);
        return switch (event.getType()) {
            case StewardEventTypes.DESIRED_STATUS -> {
                DesiredStatusData asked = read(data.orElseThrow(() -> new EventDataUnreadable(
                        "the event has no data: {\"desiredStatus\": ...} is required")), DesiredStatusData.class,
                        "{\"desiredStatus\": ...}");
                yield setDesiredStatus(session, desired(asked.desiredStatus()), cause);
            }
            case StewardEventTypes.TIMESLOT -> moveTimeslot(session, read(data.orElseThrow(() -> new EventDataUnreadable(
                    "the event has no data: a timeslot is required")), Timeslot.class, "a timeslot"), cause);
            default -> setDesiredStatus(session, DesiredStatus.DELETED, cause);
        };
    }

    /** The session an event's subject names, when it names one: a part of it may await the event. */
    private static Optional<UUID> awaitingParts(CloudEvent event, EventCause cause) {
        String subject = event.getSubject();
        if (StewardEventTypes.ALL.contains(cause.type()) || subject == null || !subject.startsWith(SESSIONS_PREFIX)) {
            return Optional.empty();
        }
        try {
            return Optional.of(UUID.fromString(subject.substring(SESSIONS_PREFIX.length())));
        } catch (IllegalArgumentException notASession) {
            return Optional.empty();
        }
    }

    /** Hands the event to the session when a part awaits it or completes on it; null when none does. */
    private String deliver(UUID session, EventCause cause, Optional<JsonNode> data, EventReach reach,
            Set<UUID> touched) {
        requireReached(session, reach);
        List<String> parts = sessions.deliverEvent(session, new ArrivedEvent(cause, data.map(EventData::text).orElse(null)));
        if (parts.isEmpty()) {
            return null;
        }
        touched.add(session);
        return "session " + session + ": part(s) " + String.join(", ", parts) + " await it";
    }

    private String triggered(Trigger trigger, CloudEvent event, EventCause cause, Optional<JsonNode> data,
            EventReach reach, Set<UUID> touched) {
        TriggerSpec spec = trigger.spec();
        if (trigger.action() == TriggerAction.CREATE_SESSION) {
            Object rendered = EventTemplate.render(spec.template(), event, data);
            return create(read(bytes(rendered), SessionSpec.class, "a session spec from the template"), cause, reach,
                    touched);
        }
        UUID session = spec.session() == null || spec.session().equals("subject") ? fromSubject(event)
                : fromData(spec.session(), event, data);
        touched.add(session);
        requireReached(session, reach);
        return switch (trigger.action()) {
            case SET_DESIRED_STATUS -> setDesiredStatus(session, desired(spec.desiredStatus()), cause);
            case MOVE_TIMESLOT -> moveTimeslot(session, read(bytes(
                    EventTemplate.render(spec.timeslot(), event, data)), Timeslot.class, "a timeslot from the template"),
                    cause);
            default -> setDesiredStatus(session, DesiredStatus.DELETED, cause);
        };
    }

    /** Creates the session for the owner the event's source acts for, so that its secrets are that owner's too. */
    private String create(SessionSpec spec, EventCause cause, EventReach reach, Set<UUID> touched) {
        UUID id = sessionIdOf(cause.source(), cause.id());
        creation.createOnEvent(id, reach.own(spec), cause);
        touched.add(id);
        return "session " + id + " created";
    }

    /** Refuses a session of another owner than the event's source acts for as if it did not exist. */
    private void requireReached(UUID session, EventReach reach) {
        if (reach.owner() != null && !reach.reaches(reads.ownerOf(session))) {
            throw SessionReads.notFound(session);
        }
    }

    private String setDesiredStatus(UUID session, DesiredStatus desired, EventCause cause) {
        var change = sessions.setDesiredStatusOnEvent(session, desired, cause);
        return "session " + session + " desired " + desired + (change.changed() ? "" : " (no change)");
    }

    private String moveTimeslot(UUID session, Timeslot timeslot, EventCause cause) {
        sessions.setTimeslotOnEvent(session, timeslot, cause);
        return "session " + session + " timeslot moved";
    }

    private static DesiredStatus desired(String word) {
        try {
            return DesiredStatus.valueOf(String.valueOf(word));
        } catch (IllegalArgumentException e) {
            throw new EventDataUnreadable("'" + word + "' is not a desired status: one of RUNNING, STOPPED, DELETED");
        }
    }

    private static UUID fromSubject(CloudEvent event) {
        String subject = event.getSubject();
        if (subject == null || !subject.startsWith(SESSIONS_PREFIX)) {
            throw new EventDataUnreadable("the event's subject must name its session: sessions/{id}, not "
                    + (subject == null ? "none" : "'" + subject + "'"));
        }
        return sessionId(subject.substring(SESSIONS_PREFIX.length()), "subject");
    }

    private static UUID fromData(String field, CloudEvent event, Optional<JsonNode> data) {
        JsonNode node = data.orElseThrow(() -> new EventDataUnreadable("the event has no data: " + field
                + " must name the session"));
        for (String step : field.substring("data.".length()).split("\\.")) {
            node = node.path(step);
        }
        if (!node.isTextual()) {
            throw new EventDataUnreadable(field + " must name the session (its id, or sessions/{id})");
        }
        String text = node.asText();
        return sessionId(text.startsWith(SESSIONS_PREFIX) ? text.substring(SESSIONS_PREFIX.length()) : text, field);
    }

    private static UUID sessionId(String text, String where) {
        try {
            return UUID.fromString(text);
        } catch (IllegalArgumentException e) {
            throw new EventDataUnreadable(where + " names no session: '" + text + "' is not a session id");
        }
    }

    private byte[] bytes(Object rendered) {
        try {
            return json.writeValueAsBytes(rendered);
        } catch (IOException e) {
            throw new EventDataUnreadable("the template's result cannot be written as JSON: " + e.getMessage());
        }
    }

    private <T> T read(JsonNode data, Class<T> type, String what) {
        return read(data.toString().getBytes(StandardCharsets.UTF_8), type, what);
    }

    private <T> T read(byte[] bytes, Class<T> type, String what) {
        try {
            return json.readValue(bytes, type);
        } catch (IOException e) {
            throw new EventDataUnreadable("the event's data is not " + what + ": " + e.getMessage());
        }
    }
}
