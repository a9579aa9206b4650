package dev.steward.app.events;

import dev.steward.model.FieldError;
import dev.steward.model.SessionSpecValidator;
import dev.steward.model.SpecRules;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;

/**
 * A sender to register: the CloudEvents source it speaks for (one URI in {@code source}, or every URI
 * starting with {@code sourcePrefix}), the origins its Web Hooks handshake may name, the owner it acts
 * for and what it may drive.
 *
 * @param owner whose sessions its events create and act on; its own name when absent
 * @param allOwners true: it acts for every owner (no {@code owner} then), and a session it creates gets
 *     the owner its spec names
 * @param types the Steward event types it may send ({@code dev.steward.session.create}, ...); none when absent
 * @param triggers the names of the triggers its events may fire; none when absent
 */
@Serdeable
public record EventSourceSpec(@Nullable String name, @Nullable String source, @Nullable String sourcePrefix,
        @Nullable List<String> allowedOrigins, @Nullable String owner, @Nullable Boolean allOwners,
        @Nullable List<String> types, @Nullable List<String> triggers) {

    public EventSourceSpec {
        allowedOrigins = allowedOrigins == null ? List.of() : allowedOrigins;
        allOwners = Boolean.TRUE.equals(allOwners);
        types = types == null ? List.of() : types;
        triggers = triggers == null ? List.of() : triggers;
    }

    /** The owner it acts for: the one given, else its name; {@code null} when it acts for every owner. */
    public @Nullable String actingOwner() {
        return allOwners ? null : owner != null ? owner : name;
    }

    /** Every fault of the spec, each naming its field. */
    public List<FieldError> validate() {
        List<FieldError> errors = new ArrayList<>();
        if (!SpecRules.isName(name)) {
            errors.add(new FieldError("name", "is required: a DNS label (lower-case letters, digits and '-', at most 63)"));
        }
        if ((source == null) == (sourcePrefix == null)) {
            errors.add(new FieldError("source", "give exactly one of source (one URI) and sourcePrefix"));
        } else if (source != null) {
            checkUri("source", source, errors);
        } else {
            checkUri("sourcePrefix", sourcePrefix, errors);
        }
        for (int i = 0; i < allowedOrigins.size(); i++) {
            String origin = allowedOrigins.get(i);
            if (origin == null || origin.isBlank() || origin.chars().anyMatch(Character::isWhitespace)) {
                errors.add(new FieldError("allowedOrigins[" + i + "]", "must be a host name such as events.example.com"));
            }
        }
        if (allOwners && owner != null) {
            errors.add(new FieldError("owner", "must be absent when allOwners is true: such a source acts for every owner"));
        } else if (owner != null && (owner.isBlank() || owner.length() > SessionSpecValidator.MAX_OWNER_LENGTH)) {
            errors.add(new FieldError("owner", "must be an owner: not blank, at most "
                    + SessionSpecValidator.MAX_OWNER_LENGTH + " characters"));
        }
        for (int i = 0; i < types.size(); i++) {
            if (!StewardEventTypes.ALL.contains(types.get(i))) {
                errors.add(new FieldError("types[" + i + "]", "must be one of " + StewardEventTypes.ALL));
            }
        }
        for (int i = 0; i < triggers.size(); i++) {
            if (!SpecRules.isName(triggers.get(i))) {
                errors.add(new FieldError("triggers[" + i + "]", "must be a trigger's name: a DNS label"));
            }
        }
        return errors;
    }

    private static void checkUri(String field, String value, List<FieldError> errors) {
        if (value.isEmpty()) {
            errors.add(new FieldError(field, "must not be empty"));
            return;
        }
        try {
            new URI(value);
        } catch (URISyntaxException e) {
            errors.add(new FieldError(field, "is not a URI reference: " + e.getReason()));
        }
    }
}
