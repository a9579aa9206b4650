package dev.steward.app.http.json;

import com.fasterxml.jackson.core.exc.StreamReadException;
import dev.steward.app.http.problem.Problem;
import dev.steward.app.http.problem.ProblemType;
import dev.steward.model.FieldError;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.core.convert.exceptions.ConversionErrorException;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Produces;
import io.micronaut.http.server.exceptions.ConversionErrorHandler;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import io.micronaut.serde.exceptions.SerdeException;
import io.micronaut.serde.exceptions.path.MapItemReferencePath;
import io.micronaut.serde.exceptions.path.PropertyReferencePath;
import io.micronaut.serde.exceptions.path.ReferencePath;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A body or parameter that cannot be read becomes a 400 that says where and why, without the
 * decoder's internals (class names, source locations).
 */
@Produces(Problem.CONTENT_TYPE)
@Singleton
@Replaces(ConversionErrorHandler.class)
public class UnreadableBodyHandler implements ExceptionHandler<ConversionErrorException, HttpResponse<Problem>> {

    private static final Pattern UNKNOWN_PROPERTY = Pattern.compile("^Unknown property \\[.*\\] encountered.*", Pattern.DOTALL);

    private static final Pattern DUPLICATE_PROPERTY = Pattern.compile("^Duplicate property \\[.*\\] encountered.*", Pattern.DOTALL);

    private static final Pattern UNEXPECTED_TOKEN = Pattern.compile("^Unexpected token (\\w+), expected (\\w+)$");

    @Override
    public HttpResponse<Problem> handle(HttpRequest request, ConversionErrorException exception) {
        Throwable root = rootCause(exception);
        String detail;
        List<FieldError> errors = null;
        if (root instanceof StreamReadException malformed) {
            detail = DecoderMessages.notJson(malformed);
        } else {
            String reason = reason(exception, root);
            String field = fieldPath(exception);
            detail = "'" + field + "' could not be read: " + reason;
            errors = List.of(new FieldError(field, reason));
        }
        return Problem.response(ProblemType.UNREADABLE_REQUEST, detail, errors);
    }

    /** What is wrong with the value, in the caller's terms. */
    private static String reason(ConversionErrorException exception, Throwable root) {
        String message = root.getMessage() == null ? "" : root.getMessage();
        if (UNKNOWN_PROPERTY.matcher(message).matches()) {
            return "unknown field";
        }
        if (DUPLICATE_PROPERTY.matcher(message).matches()) {
            return "given more than once";
        }
        Class<?> type = exception.getArgument().getType();
        if (type.isEnum()) {
            return "must be one of " + Arrays.stream(type.getEnumConstants()).map(Object::toString)
                    .collect(Collectors.joining(", "));
        }
        if (root instanceof NumberFormatException) {
            return "must be a number";
        }
        Matcher token = UNEXPECTED_TOKEN.matcher(message);
        if (token.matches()) {
            return "must be " + kind(token.group(2)) + ", not " + kind(token.group(1));
        }
        return message.isEmpty() ? "cannot be read" : DecoderMessages.clean(message);
    }

    /**
     * Where in the body the decoder stopped, as property names (and map keys) from the outermost
     * in; a parameter's name when it was no body.
     */
    private static String fieldPath(ConversionErrorException exception) {
        for (Throwable cause = exception.getCause(); cause != null; cause = cause.getCause()) {
            if (cause instanceof SerdeException serde && !serde.getPath().isEmpty()) {
                return names(serde.getPath());
            }
        }
        return exception.getArgument().getName();
    }

    /** The decoder records the path innermost first. */
    private static String names(List<ReferencePath> path) {
        List<String> names = new ArrayList<>();
        for (ReferencePath step : path.reversed()) {
            if (step instanceof PropertyReferencePath property) {
                names.add(property.property().getName());
            } else if (step instanceof MapItemReferencePath entry) {
                names.add(entry.key());
            }
        }
        return String.join(".", names);
    }

    private static Throwable rootCause(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        return root;
    }

    /** A JSON token as the caller wrote it. */
    private static String kind(String token) {
        return switch (token) {
            case "START_OBJECT" -> "an object";
            case "START_ARRAY" -> "an array";
            case "VALUE_STRING" -> "a string";
            case "VALUE_NUMBER_INT", "VALUE_NUMBER_FLOAT" -> "a number";
            case "VALUE_TRUE", "VALUE_FALSE" -> "a boolean";
            case "VALUE_NULL" -> "null";
            default -> token;
        };
    }
}
