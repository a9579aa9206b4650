package dev.steward.app.auth;

import dev.steward.app.http.problem.Problem;
import dev.steward.app.http.problem.ProblemType;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.Produces;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import io.micronaut.security.authentication.AuthorizationException;
import io.micronaut.security.authentication.DefaultAuthorizationExceptionHandler;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A request without a valid token (401) or whose token's role may not do it (403): problem+json, and
 * one log line naming the request and the token by its name, never by its secret.
 */
@Produces(Problem.CONTENT_TYPE)
@Singleton
@Replaces(DefaultAuthorizationExceptionHandler.class)
public class AuthorizationProblemHandler implements ExceptionHandler<AuthorizationException, MutableHttpResponse<?>> {

    private static final Logger log = LoggerFactory.getLogger(AuthorizationProblemHandler.class);

    @Override
    public MutableHttpResponse<?> handle(HttpRequest request, AuthorizationException refused) {
        if (refused.isForbidden()) {
            Caller caller = Caller.of(refused.getAuthentication());
            log.warn("refused 403 {} {}: token {} has role {}", request.getMethod(), request.getPath(),
                    caller.tokenName(), caller.role());
            return Problem.response(ProblemType.FORBIDDEN,
                    "token " + caller.tokenName() + " has role " + caller.role() + ", which may not "
                            + request.getMethod() + " " + request.getPath(), null);
        }
        boolean sent = request.getHeaders().getAuthorization().isPresent();
        log.warn("refused 401 {} {}: {}", request.getMethod(), request.getPath(),
                sent ? "the bearer token is not known" : "no bearer token");
        return Problem.response(ProblemType.UNAUTHORIZED,
                        sent ? "the bearer token is not known (revoked, or mistyped)"
                                : "every /api/v1 call needs Authorization: Bearer <token>", null)
                .header(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
    }
}
