package dev.steward.app.support.hollow;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;

/** One call to the {@link HollowEngine}: its path's captured parts, query and body, and the ways to answer it. */
public final class HollowCall {

    static final ObjectMapper JSON = new ObjectMapper();
    /** At most what one write hands the server: its own buffer is 4 KiB, and a larger write grows it. */
    private static final int WRITE_SLICE = 4096;

    private final HttpExchange exchange;
    private final Matcher path;
    private final Map<String, String> query = new HashMap<>();

    HollowCall(HttpExchange exchange, Matcher path) {
        this.exchange = exchange;
        this.path = path;
        String raw = exchange.getRequestURI().getRawQuery();
        if (raw != null) {
            for (String pair : raw.split("&")) {
                int eq = pair.indexOf('=');
                String key = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
                query.put(key, eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
    }

    /** The {@code n}-th captured part of the path, such as a container id. */
    String path(int n) {
        return path.group(n);
    }

    String query(String name) {
        return query.get(name);
    }

    boolean flag(String name) {
        String value = query.get(name);
        return "1".equals(value) || "true".equalsIgnoreCase(value);
    }

    /** The {@code filters} query parameter, {@code {"label": ["k=v", ...], ...}}, as a map of lists. */
    Map<String, List<String>> filters() throws IOException {
        String raw = query.get("filters");
        if (raw == null || raw.isBlank()) {
            return Map.of();
        }
        // Docker also accepts {"label": {"k=v": true}}; docker-java sends lists.
        return JSON.readValue(raw, new TypeReference<>() {});
    }

    Map<String, Object> body() throws IOException {
        byte[] bytes = exchange.getRequestBody().readAllBytes();
        return bytes.length == 0 ? Map.of() : JSON.readValue(bytes, new TypeReference<>() {});
    }

    void json(int status, Object body) throws IOException {
        byte[] bytes = JSON.writeValueAsBytes(body);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            // In slices: the JDK's server grows a connection's write buffer to twice its largest single write and
            // keeps it while the connection is open, so one listing of 40,000 containers left about 20 MB on each
            // idle connection, in the heap the benchmark measures as the service's.
            for (int at = 0; at < bytes.length; at += WRITE_SLICE) {
                out.write(bytes, at, Math.min(WRITE_SLICE, bytes.length - at));
            }
        }
    }

    void empty(int status) throws IOException {
        exchange.sendResponseHeaders(status, -1);
        exchange.close();
    }

    void fail(HollowFailure failure) throws IOException {
        json(failure.status(), Map.of("message", failure.message()));
    }

    /** Writes one JSON object of a streamed answer, on a line of its own, and sends it. */
    static void writeLine(OutputStream out, Object value) throws IOException {
        out.write(JSON.writeValueAsBytes(value));
        out.write('\n');
        out.flush();
    }

    /** Starts a streamed answer (chunked) whose parts the caller writes and flushes as they come. */
    OutputStream stream(String contentType) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", contentType);
        exchange.sendResponseHeaders(200, 0);
        return exchange.getResponseBody();
    }
}
