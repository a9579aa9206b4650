package dev.steward.app.auth;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import java.time.Instant;

/**
 * A token just created: the only answer that carries its secret, which Steward does not keep.
 *
 * @param token the secret, sent as {@code Authorization: Bearer <token>}
 */
@Serdeable
public record CreatedToken(String name, Role role, @Nullable String owner, Instant createdAt, String token) {}
