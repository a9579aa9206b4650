package dev.steward.app.subscription;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;
import java.util.List;

/**
 * Where subscriptions may send events ({@code steward.subscriptions}), see {@link SinkPolicy}.
 *
 * @param allowedSinks sink URL patterns, {@code *} for any run of characters ({@code https://hooks.example.com/*},
 *     {@code http://127.0.0.1:*}), matched against the sink with its port written out. Unset, a sink must
 *     resolve to public addresses only; set, it is the whole list: a sink must match a pattern, and then
 *     may resolve to any address
 */
@ConfigurationProperties("steward.subscriptions")
public record SubscriptionsConfig(@Nullable List<String> allowedSinks) {}
