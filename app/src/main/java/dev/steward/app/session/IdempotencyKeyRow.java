package dev.steward.app.session;

import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import java.time.Instant;
import java.util.UUID;

/**
 * A creation's Idempotency-Key, claimed before the session is made.
 *
 * @param scope the caller (its token's name) and the key: keys are each caller's own
 * @param requestSha256 the SHA-256 of the spec asked for, so a different body under the key is told apart
 * @param sessionId the session the creation makes
 */
@MappedEntity("idempotency_keys")
public record IdempotencyKeyRow(@Id String scope, String requestSha256, UUID sessionId, Instant createdAt) {}
