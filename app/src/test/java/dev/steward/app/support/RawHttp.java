package dev.steward.app.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A plain HTTP client for tests that need the bytes on the wire: any method, content type and
 * body (invalid UTF-8 included), every answer returned as it came, with how long it took. It uses
 * no Netty, so it shares no event loop with the service it tests.
 */
public final class RawHttp {

    /** No answer may take longer: a request the service leaves hanging fails the test. */
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);
    /** Bodies larger than this ask the service first ({@code Expect: 100-continue}). */
    private static final int LARGE_BODY = 64 * 1024;

    private final URL base;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    public RawHttp(URL base) {
        this.base = base;
    }

    public RawAnswer get(String path) {
        return send("GET", path, null, null);
    }

    public RawAnswer delete(String path) {
        return send("DELETE", path, null, null);
    }

    public RawAnswer json(String method, String path, String body) {
        return send(method, path, "application/json", body.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * A streamed answer's lines as they arrive, for answers that do not end by themselves; closing
     * the stream ends the request. Fails unless the status is 200.
     */
    public Stream<String> lines(String path) {
        HttpResponse<Stream<String>> response = sendForLines(
                request(path, TestTokens.ADMIN).timeout(REQUEST_TIMEOUT).build(), path);
        if (response.statusCode() != 200) {
            response.body().close();
            throw new IllegalStateException("GET " + path + " answered " + response.statusCode());
        }
        return response.body();
    }

    /**
     * Opens a server-sent event stream as the tests' admin; the answer's body is read line by line as it
     * comes, with no timeout.
     *
     * @param lastEventId sent as {@code Last-Event-ID}, or null for none
     */
    public HttpResponse<Stream<String>> openStream(String path, String lastEventId) {
        return openStream(TestTokens.ADMIN, path, lastEventId);
    }

    /** As {@link #openStream(String, String)}, with this bearer token; @param token null for none */
    public HttpResponse<Stream<String>> openStream(String token, String path, String lastEventId) {
        return sendForLines(streamRequest(token, path, lastEventId).build(), path);
    }

    /**
     * Opens a server-sent event stream from its first event on ({@code Last-Event-ID: 0}) and closes it
     * once its status and headers came: its body only when it is no 200 (a refusal, which ends), empty for
     * a 200 (a stream, which does not). The service sends a stream's headers with its first event: the
     * stream must have one.
     *
     * @param token null for none
     */
    public RawAnswer streamAnswer(String token, String path) {
        long start = System.nanoTime();
        HttpResponse<Stream<String>> response = sendForLines(
                streamRequest(token, path, "0").timeout(REQUEST_TIMEOUT).build(), path);
        try (Stream<String> body = response.body()) {
            String text = response.statusCode() == 200 ? "" : body.collect(Collectors.joining("\n"));
            return new RawAnswer(response.statusCode(), response.headers().firstValue("Content-Type").orElse(""),
                    response.headers().firstValue("Retry-After").orElse(null), text,
                    Duration.ofNanos(System.nanoTime() - start), response.headers().map());
        }
    }

    private HttpRequest.Builder streamRequest(String token, String path, String lastEventId) {
        HttpRequest.Builder request = request(path, token).GET().header("Accept", "text/event-stream");
        if (lastEventId != null) {
            request.header("Last-Event-ID", lastEventId);
        }
        return request;
    }

    private HttpResponse<Stream<String>> sendForLines(HttpRequest request, String path) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofLines());
        } catch (IOException e) {
            throw new UncheckedIOException("GET " + path, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Every request the tests send starts here; @param token its bearer token, null for none */
    private HttpRequest.Builder request(String path, String token) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base.toString() + path));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return request;
    }

    /** As the tests' admin: @param path already percent-encoded; @param contentType null for none; @param body null for none */
    public RawAnswer send(String method, String path, String contentType, byte[] body) {
        return send(TestTokens.ADMIN, method, path, contentType, body);
    }

    /** As {@link #send(String, String, String, byte[])}, with this bearer token; @param token null for none */
    public RawAnswer send(String token, String method, String path, String contentType, byte[] body) {
        return exchange(request(path, token), method, path,
                contentType == null ? Map.of() : Map.of("Content-Type", contentType), body);
    }

    /**
     * With exactly these headers and no other token: what a CloudEvents sender sends, with its event
     * source's token or none.
     *
     * @param path already percent-encoded; @param body null for none
     */
    public RawAnswer sendWithHeaders(String method, String path, Map<String, String> headers, byte[] body) {
        return exchange(request(path, null), method, path, headers, body);
    }

    private RawAnswer exchange(HttpRequest.Builder request, String method, String path, Map<String, String> headers,
            byte[] body) {
        request.timeout(REQUEST_TIMEOUT)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(body));
        headers.forEach(request::header);
        if (body != null && body.length > LARGE_BODY) {
            // Ask before sending: a body over the service's limit is refused (413) before it is sent, not
            // cut off by a closed connection while it is still being written.
            request.expectContinue(true);
        }
        long start = System.nanoTime();
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new RawAnswer(response.statusCode(), response.headers().firstValue("Content-Type").orElse(""),
                    response.headers().firstValue("Retry-After").orElse(null), response.body(),
                    Duration.ofNanos(System.nanoTime() - start), response.headers().map());
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + path, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
