package dev.steward.app.events;

import dev.steward.model.FieldError;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A sender to register: the CloudEvents source it speaks for (one URI in {@code source}, or every URI
 * starting with {@code sourcePrefix}) and the origins its Web Hooks handshake may name.
 */
@Serdeable
public record EventSourceSpec(@Nullable String name, @Nullable String source, @Nullable String sourcePrefix,
        @Nullable List<String> allowedOrigins) {

    private static final Pattern NAME = Pattern.compile("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?");

    public EventSourceSpec {
        allowedOrigins = allowedOrigins == null ? List.of() : allowedOrigins;
    }

    /** Every fault of the spec, each naming its field. */
    public List<FieldError> validate() {
        List<FieldError> errors = new ArrayList<>();
        if (name == null || !NAME.matcher(name).matches()) {
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
