package dev.steward.cloudevents;

import io.cloudevents.CloudEvent;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.Optional;
import java.util.regex.Pattern;

/** An event's context attributes in their canonical string form, the form filters compare. */
public final class CloudEventAttributes {

    /** Attribute names as the CloudEvents spec allows them: lower-case ASCII letters and digits. */
    private static final Pattern NAME = Pattern.compile("[a-z0-9]{1,20}");

    private CloudEventAttributes() {}

    /** Whether {@code name} is a valid CloudEvents attribute name. */
    public static boolean isValidName(String name) {
        return NAME.matcher(name).matches();
    }

    /** The value of the named context attribute or extension, or empty when the event does not have it. */
    public static Optional<String> value(CloudEvent event, String name) {
        Object value = event.getSpecVersion().getAllAttributes().contains(name) ? event.getAttribute(name) : event.getExtension(name);
        return Optional.ofNullable(value).map(CloudEventAttributes::canonical);
    }

    private static String canonical(Object value) {
        return switch (value) {
            case OffsetDateTime time -> time.format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
            case byte[] bytes -> Base64.getEncoder().encodeToString(bytes);
            default -> value.toString();
        };
    }
}
