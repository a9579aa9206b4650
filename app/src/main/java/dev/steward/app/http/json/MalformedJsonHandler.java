package dev.steward.app.http.json;

import com.fasterxml.jackson.core.exc.StreamReadException;
import dev.steward.app.http.problem.Problem;
import dev.steward.app.http.problem.ProblemType;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Produces;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import io.micronaut.http.server.exceptions.JsonExceptionHandler;
import io.micronaut.json.JsonSyntaxException;
import jakarta.inject.Singleton;

/**
 * A body that is no JSON from its first character, which Micronaut finds before any decoder: a 400
 * that says so without the parser's source positions and settings.
 */
@Produces(Problem.CONTENT_TYPE)
@Singleton
@Replaces(JsonExceptionHandler.class)
public class MalformedJsonHandler implements ExceptionHandler<JsonSyntaxException, HttpResponse<Problem>> {

    @Override
    public HttpResponse<Problem> handle(HttpRequest request, JsonSyntaxException exception) {
        String detail = exception.getCause() instanceof StreamReadException malformed
                ? DecoderMessages.notJson(malformed) : "the body is not valid JSON";
        return Problem.response(ProblemType.UNREADABLE_REQUEST, detail, null);
    }
}
