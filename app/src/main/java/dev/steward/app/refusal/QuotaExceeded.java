package dev.steward.app.refusal;

import java.util.List;

/**
 * The owner's quota is used up for now: the request would fit once some of the owner's sessions end.
 * Nothing was created or changed; the detail names the quota.
 */
public final class QuotaExceeded extends Refusal {

    public QuotaExceeded(String detail) {
        super(detail, List.of());
    }
}
