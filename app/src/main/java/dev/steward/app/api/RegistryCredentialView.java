package dev.steward.app.api;

import dev.steward.store.RegistryCredentialRow;
import io.micronaut.serde.annotation.Serdeable;
import java.time.Instant;

/**
 * Registered credentials as the API shows them: never the password or token.
 *
 * @param registry the registry host
 * @param username the user
 * @param kind {@code password} or {@code token}: what was registered
 * @param createdAt when they were first registered
 * @param updatedAt when they were last replaced
 */
@Serdeable
public record RegistryCredentialView(String registry, String username, String kind, Instant createdAt, Instant updatedAt) {

    static RegistryCredentialView of(RegistryCredentialRow row) {
        return new RegistryCredentialView(row.registry(), row.username(), row.token() ? "token" : "password",
                row.createdAt(), row.updatedAt());
    }
}
