package dev.steward.app.http.problem;

import dev.steward.app.refusal.Conflict;
import dev.steward.app.refusal.Forbidden;
import dev.steward.app.refusal.InvalidRequest;
import dev.steward.app.refusal.NotFound;
import dev.steward.app.refusal.PreconditionFailed;
import dev.steward.app.refusal.QuotaExceeded;
import dev.steward.app.refusal.Refusal;
import dev.steward.app.refusal.TemporalUnavailable;
import dev.steward.app.refusal.TooManyStreams;
import dev.steward.app.refusal.WorkflowStartRefused;
import dev.steward.app.refusal.WorkflowUnresponsive;
import dev.steward.config.ApiConfig;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MutableHttpResponse;
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
            case NotFound notFound -> problem(ProblemType.NOT_FOUND, notFound);
            case Conflict conflict -> problem(ProblemType.CONFLICT, conflict);
            case InvalidRequest invalid -> problem(ProblemType.INVALID_REQUEST, invalid);
            case Forbidden forbidden -> problem(ProblemType.FORBIDDEN, forbidden);
            case PreconditionFailed stale -> problem(ProblemType.PRECONDITION_FAILED, stale);
            case QuotaExceeded exceeded -> problem(ProblemType.QUOTA_EXCEEDED, exceeded);
            case TooManyStreams tooMany ->
                    problem(ProblemType.TOO_MANY_STREAMS, tooMany).header(HttpHeaders.RETRY_AFTER,
                            String.valueOf(Problem.seconds(api.retryAfter())));
            case TemporalUnavailable unavailable ->
                    Problem.unavailable(ProblemType.TEMPORAL_UNAVAILABLE, unavailable.getMessage(), api.retryAfter());
            case WorkflowStartRefused refused ->
                    Problem.unavailable(ProblemType.WORKFLOW_START_REFUSED, refused.getMessage(), api.retryAfter());
            case WorkflowUnresponsive unresponsive ->
                    Problem.unavailable(ProblemType.WORKFLOW_UNRESPONSIVE, unresponsive.getMessage(), api.retryAfter());
        };
    }

    private static MutableHttpResponse<Problem> problem(ProblemType type, Refusal refusal) {
        return Problem.response(type, refusal.getMessage(), refusal.errors());
    }
}
