package dev.steward.app;

import io.micronaut.http.HttpHeaders;
import io.micronaut.http.MutableHttpRequest;

/**
 * The admin token the tests' configuration knows (application-test.yml holds its SHA-256, and a
 * service process started by a test gets it as STEWARD_ADMIN_TOKEN_SHA256). Every test client sends it
 * unless the request carries a token of its own.
 */
public final class TestTokens {

    public static final String ADMIN = "stw_test-admin-token-known-to-the-tests";
    public static final String ADMIN_SHA256 = "676ca66997ada190e807931440aea1f3675ed90074dc9bce6096c25344ee6ef6";

    private TestTokens() {}

    /** The request with the admin token, unless it already names one. */
    static <T> MutableHttpRequest<T> authorized(MutableHttpRequest<T> request) {
        if (!request.getHeaders().contains(HttpHeaders.AUTHORIZATION)) {
            request.bearerAuth(ADMIN);
        }
        return request;
    }
}
