package dev.steward.app.refusal;

import java.util.List;

/** Temporal could not be reached, so what needed it was not done. */
public final class TemporalUnavailable extends Refusal {

    public TemporalUnavailable(String detail) {
        super(detail, List.of());
    }
}
