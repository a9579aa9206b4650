package dev.steward.app.http.json;

import com.fasterxml.jackson.core.exc.StreamReadException;
import java.util.regex.Pattern;

/** The decoders' messages in the caller's terms: without their wrapping, source positions or settings' names. */
final class DecoderMessages {

    private static final Pattern DECODING = Pattern.compile("Error decoding property \\[.*?\\] of type \\[.*?\\]: ");

    private static final Pattern SOURCE_LOCATION = Pattern.compile("\\s*(\\(start marker )?at \\[Source:.*", Pattern.DOTALL);

    private static final Pattern CONSTRAINT_SOURCE = Pattern.compile(", from `[^`]*`");

    private DecoderMessages() {}

    /** Why the parser could not read the body as JSON. */
    static String notJson(StreamReadException malformed) {
        String message = malformed.getOriginalMessage();
        return "the body is not valid JSON" + (message == null ? "" : ": " + clean(message));
    }

    static String clean(String message) {
        String text = DECODING.matcher(message).replaceAll("");
        text = CONSTRAINT_SOURCE.matcher(text).replaceAll("");
        text = text.replaceFirst("^Cannot deserialize value of type `[^`]*` due to: ", "");
        return SOURCE_LOCATION.matcher(text).replaceAll("").trim();
    }
}
