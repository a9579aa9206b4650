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
 * @param accessToken sent as a bearer token; never shown or logged
 * @param validatedSink the sink the handshake last allowed
 * @param position every outbox event up to it was delivered or filtered out
 */
@MappedEntity("subscriptions")
public record SubscriptionRow(
        @Id UUID id,
        String sink,
        ContentMode contentMode,
        @TypeDef(type = DataType.JSON) String filters,
        @Nullable String accessToken,
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

    @Override
    public String toString() {
        // Never the access token.
        return "subscription " + id + " to " + sink;
    }
}
