package dev.steward.app.events;

import dev.steward.app.http.problem.Problem;
import dev.steward.app.http.problem.ProblemType;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.Produces;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import jakarta.inject.Singleton;

/**
 * Answers a refused event delivery as problem+json; a 401 names the scheme the token goes in, a 429 how many
 * seconds to wait ({@code Retry-After}).
 */
@Produces(Problem.CONTENT_TYPE)
@Singleton
public class EventRefusedHandler implements ExceptionHandler<EventRefused, HttpResponse<Problem>> {

    @Override
    public HttpResponse<Problem> handle(HttpRequest request, EventRefused refused) {
        MutableHttpResponse<Problem> response =
                Problem.response(refused.type(), refused.getMessage(), refused.errors());
        if (refused.retryAfter() != null) {
            response.header(HttpHeaders.RETRY_AFTER, String.valueOf(Problem.seconds(refused.retryAfter())));
        }
        return refused.type() == ProblemType.UNAUTHORIZED
                ? response.header(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"steward-events\"") : response;
    }
}
