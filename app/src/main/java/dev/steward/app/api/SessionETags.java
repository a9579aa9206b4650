package dev.steward.app.api;

import dev.steward.app.refusal.PreconditionFailed;
import io.micronaut.core.annotation.Nullable;
import java.util.Arrays;
import java.util.UUID;
import java.util.function.LongSupplier;

/**
 * Conditional requests on a session: its ETag is its generation, which every change of spec, timeslot
 * or desired status raises; sent with every read, it makes a later change conditional with
 * {@code If-Match}.
 */
final class SessionETags {

    private SessionETags() {}

    /** The ETag of a session at {@code generation}. */
    static String of(long generation) {
        return "\"" + generation + "\"";
    }

    /**
     * Refuses (412) a change whose If-Match names none of the session's current ETag; {@code *} and no
     * If-Match at all match any. Checked against the read model's generation, the one GET shows.
     *
     * @param generation the session's current generation, read only when there is an ETag to check
     */
    static void requireMatch(UUID id, @Nullable String ifMatch, LongSupplier generation) {
        if (ifMatch == null || ifMatch.isBlank() || ifMatch.trim().equals("*")) {
            return;
        }
        long current = generation.getAsLong();
        boolean matches = Arrays.stream(ifMatch.split(","))
                .map(tag -> tag.trim().replaceFirst("^W/", ""))
                .anyMatch(of(current)::equals);
        if (!matches) {
            throw new PreconditionFailed("session " + id + " is at generation " + current + " (ETag " + of(current)
                    + "), not " + ifMatch + ": it changed since it was read");
        }
    }
}
