package dev.steward.app.events;

import dev.steward.app.refusal.TooManyStreams;
import jakarta.inject.Singleton;
import java.util.HashMap;
import java.util.Map;
import reactor.core.publisher.Flux;

/**
 * The server-sent event streams open in this process, by token: a token may hold
 * {@code steward.streams.max-per-token} open and all of them {@code max-total}, so that no one client can
 * tie up the service's connections. A stream counts from the request that opens it until it ends, however it
 * ends (the client goes away, the service stops).
 */
@Singleton
public class OpenStreams {

    private final StreamsConfig config;
    /** Guarded by {@code this}. */
    private final Map<String, Integer> byToken = new HashMap<>();
    /** Guarded by {@code this}. */
    private int total;

    public OpenStreams(StreamsConfig config) {
        this.config = config;
    }

    /**
     * {@code stream}, counted as open for {@code token} until it ends.
     *
     * @throws TooManyStreams (429) when the token, or every token together, holds as many as allowed
     */
    public <T> Flux<T> open(String token, Flux<T> stream) {
        take(token);
        return stream.doFinally(ended -> giveBack(token));
    }

    private synchronized void take(String token) {
        int held = byToken.getOrDefault(token, 0);
        if (held >= config.maxPerToken()) {
            throw new TooManyStreams("token " + token + " holds " + held + " event streams open, as many as "
                    + "steward.streams.max-per-token (" + config.maxPerToken() + ") allows; close one first");
        }
        if (total >= config.maxTotal()) {
            throw new TooManyStreams(total + " event streams are open, as many as steward.streams.max-total ("
                    + config.maxTotal() + ") allows; try again later");
        }
        byToken.put(token, held + 1);
        total++;
    }

    private synchronized void giveBack(String token) {
        byToken.computeIfPresent(token, (name, held) -> held > 1 ? held - 1 : null);
        total--;
    }
}
