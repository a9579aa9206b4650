package dev.steward.store;

import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import java.time.Instant;

/**
 * Credentials for one registry.
 *
 * @param registry the registry host as image references name it, with its port if any
 * @param secretEncrypted the password or token, encrypted by {@link SecretCipher}
 * @param token whether the secret is an identity token rather than a password
 */
@MappedEntity("registry_credentials")
public record RegistryCredentialRow(
        @Id String registry,
        String username,
        byte[] secretEncrypted,
        boolean token,
        Instant createdAt,
        Instant updatedAt) {}
