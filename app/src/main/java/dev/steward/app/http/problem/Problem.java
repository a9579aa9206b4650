package dev.steward.app.http.problem;

import dev.steward.model.FieldError;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Duration;
import java.util.List;

/**
 * An RFC 9457 problem, the body of every error response.
 *
 * @param type the absolute URI of the page that says what this kind of problem means ({@link ProblemType})
 * @param title the kind of problem in words
 * @param status the HTTP status
 * @param detail what went wrong this time
 * @param errors the offending fields, when the request had any
 */
@Serdeable
@Schema(description = "An RFC 9457 problem. type is the absolute URI of a page the service serves,"
        + " /problems/{name}: unreadable-request, invalid-event, unauthorized, forbidden, not-found, method-not-allowed, conflict,"
        + " precondition-failed, event-data-too-large, body-too-large, unsupported-media-type, invalid-request, quota-exceeded, rate-limited,"
        + " too-many-streams, temporal-unavailable,"
        + " workflow-start-refused, workflow-unresponsive, database-unavailable, internal-error")
public record Problem(String type, String title, int status, @Nullable String detail, @Nullable List<FieldError> errors) {

    public static final String CONTENT_TYPE = "application/problem+json";
    public static final MediaType MEDIA_TYPE = MediaType.of(CONTENT_TYPE);

    /** The problem of this type; its {@code type} is the page's path until {@link ProblemTypeFilter} makes it absolute. */
    public static Problem of(ProblemType type, String detail, @Nullable List<FieldError> errors) {
        return new Problem(type.path(), type.title(), type.status().getCode(), detail,
                errors == null || errors.isEmpty() ? null : errors);
    }

    /** An error response with this problem as its body; no {@code errors} member when there are none. */
    public static MutableHttpResponse<Problem> response(ProblemType type, String detail, @Nullable List<FieldError> errors) {
        return HttpResponse.<Problem>status(type.status()).body(of(type, detail, errors)).contentType(MEDIA_TYPE);
    }

    /** A 503: what the request needs is out of reach for now; {@code Retry-After} says when to try again. */
    public static MutableHttpResponse<Problem> unavailable(ProblemType type, String detail, Duration retryAfter) {
        return response(type, detail, null).header(HttpHeaders.RETRY_AFTER, String.valueOf(seconds(retryAfter)));
    }

    /** A wait as {@code Retry-After} gives it: whole seconds, rounded up, at least one. */
    public static long seconds(Duration wait) {
        return Math.max(1, (wait.toMillis() + 999) / 1000);
    }

    /** The same problem with its type resolved against {@code base} ({@code http://host:port}). */
    Problem resolvedAgainst(String base) {
        return type.startsWith("/") ? new Problem(base + type, title, status, detail, errors) : this;
    }
}
