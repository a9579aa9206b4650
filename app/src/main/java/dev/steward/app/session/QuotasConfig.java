package dev.steward.app.session;

import io.micronaut.context.annotation.ConfigurationProperties;

/**
 * What one owner may hold at once ({@code steward.quotas}), see {@link OwnerQuotas}; {@code 0} is no limit.
 *
 * @param liveSessionsPerOwner sessions of one owner that have not ended (neither DELETED, EXPIRED nor FAILED)
 * @param podsPerOwner pods (each replica one) of those sessions
 */
@ConfigurationProperties("steward.quotas")
public record QuotasConfig(int liveSessionsPerOwner, int podsPerOwner) {}
