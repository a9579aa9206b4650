package dev.steward.app.refusal;

import java.util.List;

/** As many server-sent event streams are open as the service allows (per token, or in all); none was opened. */
public final class TooManyStreams extends Refusal {

    public TooManyStreams(String detail) {
        super(detail, List.of());
    }
}
