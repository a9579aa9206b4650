package dev.steward.app.http.problem;

import dev.steward.app.refusal.TemporalUnavailable;
import dev.steward.config.ApiConfig;
import io.grpc.StatusRuntimeException;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Produces;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import io.temporal.client.WorkflowServiceException;
import jakarta.inject.Singleton;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The answer to every failure no other handler knows. An outage of PostgreSQL or Temporal is a 503
 * with {@code Retry-After}; anything else is a 500 whose detail says only that the failure is
 * logged, and under which id: exception names, SQL and stack traces stay in the log.
 */
@Produces(Problem.CONTENT_TYPE)
@Singleton
public class UnexpectedFailureHandler implements ExceptionHandler<Exception, HttpResponse<Problem>> {

    private static final Logger LOG = LoggerFactory.getLogger(UnexpectedFailureHandler.class);

    private final ApiConfig api;
    private final RefusalHandler refusals;

    public UnexpectedFailureHandler(ApiConfig api, RefusalHandler refusals) {
        this.api = api;
        this.refusals = refusals;
    }

    @Override
    public HttpResponse<Problem> handle(HttpRequest request, Exception failure) {
        if (DatabaseOutage.caused(failure)) {
            LOG.warn("{} {}: PostgreSQL is unavailable: {}", request.getMethod(), request.getPath(), failure.toString());
            return Problem.unavailable(ProblemType.DATABASE_UNAVAILABLE,
                    "PostgreSQL is unavailable, so the request was not completed. Repeat it later", api.retryAfter());
        }
        if (fromTemporal(failure)) {
            LOG.warn("{} {}: Temporal did not answer", request.getMethod(), request.getPath(), failure);
            return refusals.handle(request, new TemporalUnavailable(
                    "Temporal did not answer, so the request was not completed. Repeat it later"));
        }
        String id = UUID.randomUUID().toString();
        LOG.error("{} {}: unexpected failure, logged as {}", request.getMethod(), request.getPath(), id, failure);
        return Problem.response(ProblemType.INTERNAL_ERROR,
                "the request failed unexpectedly; the failure is logged as " + id, null);
    }

    private static boolean fromTemporal(Throwable failure) {
        return Causes.any(failure,
                cause -> cause instanceof WorkflowServiceException || cause instanceof StatusRuntimeException);
    }
}
