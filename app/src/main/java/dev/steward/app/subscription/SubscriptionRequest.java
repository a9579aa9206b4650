package dev.steward.app.subscription;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import java.util.List;

/**
 * A subscription as clients write it, after the CloudEvents Subscriptions API.
 *
 * @param sink the absolute {@code http} or {@code https} URL events are POSTed to
 * @param protocol {@code HTTP}, the only one (the default)
 * @param filters Subscriptions API filters ({@code exact}, {@code prefix}, {@code suffix}, {@code all},
 *     {@code any}, {@code not}, {@code sql}); an event is delivered when it passes all of them; none passes all
 * @param config {@code contentmode}: {@code binary} (the default) or {@code structured}
 * @param sinkcredential the access token sent as {@code Authorization: Bearer ...}; on a PUT, absent keeps it
 */
@Serdeable
public record SubscriptionRequest(
        @Nullable String sink,
        @Nullable String protocol,
        @Nullable List<Object> filters,
        @Nullable SubscriptionConfig config,
        @Nullable SinkCredential sinkcredential) {}
