package dev.steward.app.events;

import dev.steward.app.refusal.Conflict;
import dev.steward.app.refusal.InvalidRequest;
import dev.steward.app.refusal.NotFound;
import dev.steward.cloudevents.CloudEventFilter;
import dev.steward.cloudevents.CloudEventFilters;
import dev.steward.cloudevents.InvalidCloudEventFilter;
import dev.steward.model.DesiredStatus;
import dev.steward.model.FieldError;
import dev.steward.store.TriggerRepository;
import dev.steward.store.TriggerRow;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.exceptions.DataAccessException;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/** The triggers: checked when written, so that every stored trigger can be read and acted on. */
@Singleton
public class Triggers {

    private static final Pattern NAME = Pattern.compile("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?");
    private static final Pattern SESSION_FIELD = Pattern.compile("subject|data(\\.[A-Za-z0-9_-]+)+");

    private final TriggerRepository triggers;
    private final JsonMapper json;
    /** The triggers read so far, by their stored definition. */
    private final Map<String, Trigger> read = new ConcurrentHashMap<>();

    public Triggers(TriggerRepository triggers, JsonMapper json) {
        this.triggers = triggers;
        this.json = json;
    }

    public TriggerSpec create(@Nullable TriggerSpec spec) {
        Trigger trigger = check(spec);
        Instant now = Instant.now();
        try {
            if (triggers.existsById(spec.name())) {
                throw new Conflict("trigger " + spec.name() + " exists already");
            }
            triggers.save(new TriggerRow(spec.name(), write(trigger.spec()), now, now));
        } catch (DataAccessException raced) {
            if (triggers.existsById(spec.name())) {
                throw new Conflict("trigger " + spec.name() + " exists already");
            }
            throw raced;
        }
        return trigger.spec();
    }

    /** Replaces the trigger of that name; the spec's name, when given, must be the same. */
    public TriggerSpec replace(String name, @Nullable TriggerSpec spec) {
        if (spec != null && spec.name() != null && !spec.name().equals(name)) {
            throw new InvalidRequest(new FieldError("name", "must be " + name + ", the trigger's name, or absent"));
        }
        TriggerSpec named = spec == null ? null : new TriggerSpec(name, spec.filter(), spec.action(), spec.template(),
                spec.desiredStatus(), spec.timeslot(), spec.session());
        Trigger trigger = check(named);
        TriggerRow row = triggers.findById(name).orElseThrow(() -> new NotFound("trigger " + name));
        triggers.update(new TriggerRow(name, write(trigger.spec()), row.createdAt(), Instant.now()));
        return trigger.spec();
    }

    public List<TriggerSpec> list() {
        return all().stream().map(Trigger::spec).toList();
    }

    public TriggerSpec get(String name) {
        return read(triggers.findById(name).orElseThrow(() -> new NotFound("trigger " + name))).spec();
    }

    public void delete(String name) {
        if (!triggers.existsById(name)) {
            throw new NotFound("trigger " + name);
        }
        triggers.deleteById(name);
    }

    /**
     * Every trigger, in name order: the order in which they act on an event. A trigger read before and
     * not changed since is not read again (an sql filter is parsed once).
     */
    List<Trigger> all() {
        List<TriggerRow> rows = triggers.listOrderByName();
        read.keySet().retainAll(rows.stream().map(TriggerRow::definition).toList());
        return rows.stream().map(row -> read.computeIfAbsent(row.definition(), definition -> read(row))).toList();
    }

    private Trigger read(TriggerRow row) {
        try {
            return check(json.readValue(row.definition(), TriggerSpec.class));
        } catch (IOException e) {
            throw new UncheckedIOException("trigger " + row.name() + " cannot be read", e);
        }
    }

    private String write(TriggerSpec spec) {
        try {
            return json.writeValueAsString(spec);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The trigger the spec describes, or a refusal naming every fault. */
    private static Trigger check(@Nullable TriggerSpec spec) {
        if (spec == null) {
            throw new InvalidRequest(new FieldError("", "a trigger is required"));
        }
        List<FieldError> errors = new ArrayList<>();
        if (spec.name() == null || !NAME.matcher(spec.name()).matches()) {
            errors.add(new FieldError("name", "is required: a DNS label (lower-case letters, digits and '-', at most 63)"));
        }
        CloudEventFilter filter = null;
        if (spec.filter() == null) {
            errors.add(new FieldError("filter", "is required: exact, prefix, suffix, all, any, not or sql"));
        } else {
            try {
                filter = CloudEventFilters.parse(spec.filter(), "filter");
            } catch (InvalidCloudEventFilter invalid) {
                errors.addAll(invalid.errors());
            }
        }
        TriggerAction action = spec.action() == null ? null : TriggerAction.of(spec.action()).orElse(null);
        if (action == null) {
            errors.add(new FieldError("action", "is required: one of " + TriggerAction.words()));
        } else {
            checkArguments(spec, action, errors);
        }
        InvalidRequest.rejectIfAny(errors);
        return new Trigger(spec, filter, action);
    }

    private static void checkArguments(TriggerSpec spec, TriggerAction action, List<FieldError> errors) {
        require(spec.template(), action == TriggerAction.CREATE_SESSION, "template", action, errors);
        require(spec.desiredStatus(), action == TriggerAction.SET_DESIRED_STATUS, "desiredStatus", action, errors);
        require(spec.timeslot(), action == TriggerAction.MOVE_TIMESLOT, "timeslot", action, errors);
        if (spec.template() != null) {
            errors.addAll(EventTemplate.check(spec.template(), "template"));
        }
        if (spec.timeslot() != null) {
            errors.addAll(EventTemplate.check(spec.timeslot(), "timeslot"));
        }
        if (spec.desiredStatus() != null && !isDesiredStatus(spec.desiredStatus())) {
            errors.add(new FieldError("desiredStatus", "'" + spec.desiredStatus() + "' is not a desired status: one of"
                    + " RUNNING, STOPPED, DELETED"));
        }
        if (spec.session() != null) {
            if (action == TriggerAction.CREATE_SESSION) {
                errors.add(new FieldError("session", "is for the actions on a session; create-session makes its own"));
            } else if (!SESSION_FIELD.matcher(spec.session()).matches()) {
                errors.add(new FieldError("session", "must be subject or a data field such as data.session"));
            }
        }
    }

    private static void require(@Nullable Object value, boolean required, String field, TriggerAction action,
            List<FieldError> errors) {
        if (required && value == null) {
            errors.add(new FieldError(field, "is required for action " + action.word()));
        } else if (!required && value != null) {
            errors.add(new FieldError(field, "is not taken by action " + action.word()));
        }
    }

    private static boolean isDesiredStatus(String word) {
        try {
            DesiredStatus.valueOf(word);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
