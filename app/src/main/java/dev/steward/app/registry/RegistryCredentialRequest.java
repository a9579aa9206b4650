package dev.steward.app.registry;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;

/**
 * Credentials to register for a registry: a password or an identity token, exactly one.
 *
 * @param registry the registry host as image references name it, with its port if any:
 *     {@code registry.example.com}, {@code 127.0.0.1:5000}, {@code docker.io}
 * @param username the user
 * @param password the password; stored encrypted, never shown
 * @param token an identity token instead of a password; stored encrypted, never shown
 */
@Serdeable
public record RegistryCredentialRequest(@Nullable String registry, @Nullable String username,
        @Nullable String password, @Nullable String token) {

    /** Never the password or token: a request that is logged or shown in an error shows neither. */
    @Override
    public String toString() {
        return "RegistryCredentialRequest[registry=" + registry + ", username=" + username + "]";
    }
}
