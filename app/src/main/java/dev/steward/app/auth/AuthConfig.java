package dev.steward.app.auth;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;

/**
 * Authentication settings ({@code steward.auth}).
 *
 * @param adminTokenSha256 the SHA-256 (hex) of an admin token given by configuration, the first one
 *     there is: {@code ./steward up} sets it from the token file it creates; empty for none
 */
@ConfigurationProperties("steward.auth")
public record AuthConfig(@Nullable String adminTokenSha256) {

    /** The name the configured admin token has in the log. */
    public static final String CONFIGURED_ADMIN = "configured-admin";
}
