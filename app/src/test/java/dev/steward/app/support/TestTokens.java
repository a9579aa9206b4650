package dev.steward.app.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.steward.app.auth.Role;
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

    /**
     * Creates a token through the API as the tests' admin and returns its secret. The role goes in lower
     * case: the API takes it in any.
     *
     * @param owner the owner it is limited to, or null for none
     */
    public static String create(RawHttp http, String name, Role role, String owner) {
        String body = "{\"name\":\"" + name + "\",\"role\":\"" + role.name().toLowerCase() + "\""
                + (owner == null ? "" : ",\"owner\":\"" + owner + "\"") + "}";
        RawAnswer created = http.json("POST", "/api/v1/tokens", body);
        assertEquals(201, created.status(), created::toString);
        try {
            return new ObjectMapper().readTree(created.body()).get("token").asText();
        } catch (JsonProcessingException e) {
            throw new AssertionError(created.toString(), e);
        }
    }

    /** The request with the admin token, unless it already names one. */
    public static <T> MutableHttpRequest<T> authorized(MutableHttpRequest<T> request) {
        if (!request.getHeaders().contains(HttpHeaders.AUTHORIZATION)) {
            request.bearerAuth(ADMIN);
        }
        return request;
    }
}
