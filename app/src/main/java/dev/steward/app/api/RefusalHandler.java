package dev.steward.app.api;

import dev.steward.app.refusal.Conflict;
import dev.steward.app.refusal.Forbidden;
import dev.steward.app.refusal.InvalidRequest;
import dev.steward.app.refusal.NotFound;
import dev.steward.app.refusal.Refusal;
import dev.steward.app.refusal.TemporalUnavailable;
import dev.steward.app.refusal.WorkflowUnresponsive;
import dev.steward.config.ApiConfig;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.Produces;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import jakarta.inject.Singleton;

/** Answers every refused request with the HTTP status and problem type of its kind of refusal. */
@Produces(Problem.CONTENT_TYPE)
@Singleton
public class RefusalHandler implements ExceptionHandler<Refusal, HttpResponse<Problem>> {

    private final ApiConfig api;

    public RefusalHandler(ApiConfig api) {
        this.api = api;
    }

    /** The {@code type}s are part of the API: clients branch on them, so they never follow a class name. */
    @Override
    public HttpResponse<Problem> handle(HttpRequest request, Refusal refusal) {
        return switch (refusal) {
            case NotFound notFound -> problem(HttpStatus.NOT_FOUND, "/problems/not-found", notFound);
            case Conflict conflict -> problem(HttpStatus.CONFLICT, "/problems/conflict", conflict);
            case InvalidRequest invalid -> problem(HttpStatus.UNPROCESSABLE_ENTITY, "/problems/invalid-request", invalid);
            case Forbidden forbidden -> problem(HttpStatus.FORBIDDEN, "/problems/forbidden", forbidden);
            case TemporalUnavailable unavailable ->
                    Problem.unavailable("/problems/temporal-unavailable", unavailable.getMessage(), api.retryAfter());
            case WorkflowUnresponsive unresponsive ->
                    Problem.unavailable("/problems/workflow-unresponsive", unresponsive.getMessage(), api.retryAfter());
        };
    }

    private static HttpResponse<Problem> problem(HttpStatus status, String type, Refusal refusal) {
        return Problem.response(status, type, refusal.getMessage(), refusal.errors());
    }
}
