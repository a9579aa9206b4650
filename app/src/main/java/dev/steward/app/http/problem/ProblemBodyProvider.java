package dev.steward.app.http.problem;

import dev.steward.model.FieldError;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.server.exceptions.response.Error;
import io.micronaut.http.server.exceptions.response.ErrorContext;
import io.micronaut.http.server.exceptions.response.JsonErrorResponseBodyProvider;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Every error Micronaut itself answers (malformed JSON, bad path values, unknown routes) as
 * problem+json too; a 5xx without the words of the exception behind it.
 */
@Singleton
@Replaces(JsonErrorResponseBodyProvider.class)
public class ProblemBodyProvider implements JsonErrorResponseBodyProvider<Problem> {

    @Override
    public Problem body(ErrorContext context, HttpResponse<?> response) {
        HttpStatus status = response.getStatus();
        ProblemType type = ProblemType.ofStatus(status);
        if (status.getCode() >= 500) {
            // Micronaut words these after the exception; its text stays in the log.
            return new Problem(type.path(), type.title(), status.getCode(), status.getReason(), null);
        }
        List<FieldError> errors = context.getErrors().stream()
                .filter(e -> e.getPath().isPresent())
                .map(e -> new FieldError(e.getPath().get(), e.getMessage()))
                .toList();
        String detail = context.getErrors().stream().map(Error::getMessage).collect(Collectors.joining("; "));
        return new Problem(type.path(), type.title(), status.getCode(), detail.isEmpty() ? status.getReason() : detail,
                errors.isEmpty() ? null : errors);
    }

    @Override
    public String contentType() {
        return Problem.CONTENT_TYPE;
    }
}
