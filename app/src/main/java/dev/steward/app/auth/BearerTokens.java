package dev.steward.app.auth;

import dev.steward.model.Sha256;
import io.micronaut.core.async.publisher.Publishers;
import io.micronaut.http.HttpRequest;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.token.validator.TokenValidator;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import org.reactivestreams.Publisher;

/**
 * Turns the bearer token of a request into its caller: the configured admin token, or a stored one
 * found by the SHA-256 of its secret. An unknown token authenticates no one (401).
 */
@Singleton
public class BearerTokens implements TokenValidator<HttpRequest<?>> {

    private final ApiTokenRepository tokens;
    private final AuthConfig config;
    private final ExecutorService blocking;

    public BearerTokens(ApiTokenRepository tokens, AuthConfig config,
            @Named(TaskExecutors.BLOCKING) ExecutorService blocking) {
        this.tokens = tokens;
        this.config = config;
        this.blocking = blocking;
    }

    @Override
    public Publisher<Authentication> validateToken(String token, HttpRequest<?> request) {
        String sha256 = Sha256.hex(token);
        if (isConfiguredAdmin(sha256)) {
            return Publishers.just(new Caller(AuthConfig.CONFIGURED_ADMIN, Role.ADMIN, null).authentication());
        }
        // The lookup reaches PostgreSQL: off the event loop. No token found publishes nothing: a 401.
        return Publishers.fromCompletableFuture(CompletableFuture.supplyAsync(() -> find(sha256), blocking));
    }

    private Authentication find(String sha256) {
        return tokens.findBySecretSha256(sha256)
                .map(token -> new Caller(token.name(), token.role(), token.owner()).authentication())
                .orElse(null);
    }

    private boolean isConfiguredAdmin(String sha256) {
        String configured = config.adminTokenSha256();
        return configured != null && !configured.isBlank() && MessageDigest.isEqual(
                configured.trim().toLowerCase().getBytes(StandardCharsets.US_ASCII),
                sha256.getBytes(StandardCharsets.US_ASCII));
    }
}
