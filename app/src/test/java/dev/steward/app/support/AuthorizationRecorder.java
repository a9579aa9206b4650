package dev.steward.app.support;

import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * Records the {@code Authorization} header of each API request the service under test receives, so a
 * test can check that a client (the dashboard, the command line) sends its token on every call.
 */
@ServerFilter("/api/**")
public final class AuthorizationRecorder {

    private static final int KEPT = 2000;

    private final Deque<Seen> seen = new ArrayDeque<>();

    /** One request: its path, its {@code Authorization} header and its client, each {@code null} when absent. */
    public record Seen(String path, String authorization, String userAgent) {}

    @RequestFilter
    public void record(HttpRequest<?> request) {
        synchronized (seen) {
            if (seen.size() == KEPT) {
                seen.removeFirst();
            }
            seen.addLast(new Seen(request.getPath(), request.getHeaders().get(HttpHeaders.AUTHORIZATION),
                    request.getHeaders().get(HttpHeaders.USER_AGENT)));
        }
    }

    /** The requests seen so far whose path contains {@code fragment}. */
    public List<Seen> to(String fragment) {
        synchronized (seen) {
            return seen.stream().filter(s -> s.path().contains(fragment)).toList();
        }
    }
}
