package dev.steward.store;

/** Where a subscription's delivery stands. */
public enum SubscriptionStatus {
    /** Its sink has not allowed deliveries yet (the abuse-protection handshake): nothing is sent before. */
    VALIDATING,
    /** Its sink takes what is sent, or has failed for less than {@code steward.delivery.failing-after}. */
    ACTIVE,
    /** No handshake or delivery worked for {@code steward.delivery.failing-after}; still retried, nothing dropped. */
    FAILING
}
