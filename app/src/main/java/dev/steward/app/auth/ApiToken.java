package dev.steward.app.auth;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import java.time.Instant;

/**
 * A bearer token of the API, as stored: its secret only as a SHA-256.
 *
 * @param owner the owner a {@code USER} token acts as, or a {@code VIEWER} token reads; null for every owner
 */
@MappedEntity("api_tokens")
public record ApiToken(@Id String name, Role role, @Nullable String owner, String secretSha256, Instant createdAt) {}
