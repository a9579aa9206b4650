package dev.steward.app.subscription;

import io.micronaut.core.annotation.Nullable;
import java.time.Duration;

/**
 * How a sink answered one request.
 *
 * @param error what went wrong, in words without the request's credentials; null when the sink took it
 * @param retryAfter how long the sink asked to be left alone ({@code Retry-After}), or null
 */
public record SinkAnswer(@Nullable String error, @Nullable Duration retryAfter) {

    static final SinkAnswer TAKEN = new SinkAnswer(null, null);

    public boolean taken() {
        return error == null;
    }
}
