package dev.steward.app.subscription;

import dev.steward.store.SubscriptionStatus;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A subscription as the API shows it: its settings (never its token) and where its delivery stands.
 *
 * @param status VALIDATING (the sink has not allowed deliveries yet), ACTIVE or FAILING
 * @param lastSuccessAt the last handshake or delivery the sink took (the creation, before any)
 * @param lastError what went wrong at the last failed attempt, and when
 * @param nextAttemptAt when the next attempt is due after a failure
 */
@Serdeable
public record SubscriptionView(
        UUID id,
        String sink,
        String protocol,
        List<Object> filters,
        SubscriptionConfig config,
        @Nullable SinkCredentialView sinkcredential,
        SubscriptionStatus status,
        int failedAttempts,
        Instant lastSuccessAt,
        @Nullable String lastError,
        @Nullable Instant lastErrorAt,
        @Nullable Instant nextAttemptAt,
        Instant createdAt) {}
