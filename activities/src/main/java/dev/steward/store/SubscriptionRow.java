package dev.steward.store;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import io.micronaut.data.annotation.TypeDef;
import io.micronaut.data.model.DataType;
import java.time.Instant;
import java.util.UUID;

/**
 * A subscription and its delivery state.
 *
 * @param filters the Subscriptions API filters, as a JSON array
 * @param accessTokenEncrypted the bearer token sent to the sink, encrypted by {@link SecretCipher} ({@link
 *     SealedFor#subscriptionToken}); never shown or logged
 * @param accessTokenUnencrypted a token stored before tokens were encrypted, until the service encrypts it
 * @param validatedSink the sink the handshake last allowed
 * @param position every outbox event up to it was delivered or filtered out
 */
@MappedEntity("subscriptions")
public record SubscriptionRow(
        @Id UUID id,
        String sink,
        ContentMode contentMode,
        @TypeDef(type = DataType.JSON) String filters,
        @Nullable byte[] accessTokenEncrypted,
        @Nullable String accessTokenUnencrypted,
        SubscriptionStatus status,
        @Nullable String validatedSink,
        long position,
        int attempts,
        Instant nextAttemptAt,
        Instant lastSuccessAt,
        @Nullable String lastError,
        @Nullable Instant lastErrorAt,
        @Nullable String leaseOwner,
        @Nullable Instant leaseUntil,
        Instant createdAt,
        Instant updatedAt) {

    /** Whether the sink is sent a bearer token. */
    public boolean hasAccessToken() {
        return accessTokenEncrypted != null || accessTokenUnencrypted != null;
    }

    @Override
    public String toString() {
        // Never the access token.
        return "subscription " + id + " to " + sink;
    }
}
