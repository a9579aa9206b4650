package dev.steward.app.api;

import com.fasterxml.jackson.core.exc.StreamReadException;
import dev.steward.model.FieldError;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.core.convert.exceptions.ConversionErrorException;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.Produces;
import io.micronaut.http.server.exceptions.ConversionErrorHandler;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import io.micronaut.serde.exceptions.InvalidPropertyFormatException;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A body or parameter that cannot be read becomes a 400 that says where and why, without the
 * decoder's internals (class names, source locations).
 */
@Produces(Problem.CONTENT_TYPE)
@Singleton
@Replaces(ConversionErrorHandler.class)
public class UnreadableBodyHandler implements ExceptionHandler<ConversionErrorException, HttpResponse<Problem>> {

    private static final Pattern DECODING = Pattern.compile("Error decoding property \\[.*?\\] of type \\[.*?\\]: ");

    private static final Pattern SOURCE_LOCATION = Pattern.compile("\\s*(\\(start marker )?at \\[Source:.*", Pattern.DOTALL);

    @Override
    public HttpResponse<Problem> handle(HttpRequest request, ConversionErrorException exception) {
        Throwable root = rootCause(exception);
        String detail;
        List<FieldError> errors = null;
        if (root instanceof StreamReadException malformed) {
            detail = "the body is not valid JSON: " + clean(malformed.getOriginalMessage());
        } else {
            String reason = clean(root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage());
            String field = fieldPath(exception);
            detail = "'" + field + "' could not be read: " + reason;
            errors = List.of(new FieldError(field, reason));
        }
        return Problem.response(HttpStatus.BAD_REQUEST, "/problems/unreadable-request", detail, errors);
    }

    /** The decoder wraps a bad value once per property it was inside, outermost first; else it is a parameter. */
    private static String fieldPath(ConversionErrorException exception) {
        List<String> names = new ArrayList<>();
        for (Throwable cause = exception.getCause(); cause != null; cause = cause.getCause()) {
            if (cause instanceof InvalidPropertyFormatException property) {
                names.add(property.getArgument().getName());
            }
        }
        return names.isEmpty() ? exception.getArgument().getName() : String.join(".", names);
    }

    private static Throwable rootCause(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        return root;
    }

    /** Drops the decoder's wrapping and source positions: noise to the caller. */
    private static String clean(String message) {
        String text = DECODING.matcher(message).replaceAll("");
        text = text.replaceFirst("^Cannot deserialize value of type `[^`]*` due to: ", "");
        return SOURCE_LOCATION.matcher(text).replaceAll("").trim();
    }
}
