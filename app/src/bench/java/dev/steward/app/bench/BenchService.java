package dev.steward.app.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.dockerjava.api.DockerClient;
import dev.steward.app.support.EventStreamReader;
import dev.steward.app.support.OwnDatabase;
import dev.steward.app.support.RawHttp;
import dev.steward.app.support.TestSecretsKey;
import dev.steward.app.support.TestTokens;
import dev.steward.store.TransitionRepository;
import dev.steward.store.TransitionRow;
import io.cloudevents.CloudEvent;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.worker.WorkerFactory;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.function.BooleanSupplier;

/**
 * The service under measurement, started in this process with its HTTP server, on the real Temporal
 * server the tests start (a process of its own, {@code TemporalDevServer}), the tests' PostgreSQL and
 * engine; and the floor's workflows on the same Temporal.
 * Everything the scenarios do goes through its REST API, as a client's would; what they read
 * besides (transitions, counts) comes from the read model.
 */
final class BenchService implements AutoCloseable {

    static final ObjectMapper JSON = new ObjectMapper();
    static final String BUSYBOX = "localhost/busybox:latest";

    private final ApplicationContext context;
    private final HttpClient http = HttpClient.newBuilder().executor(Executors.newVirtualThreadPerTaskExecutor())
            .build();
    private final String base;
    private final RawHttp raw;
    private final String run = UUID.randomUUID().toString().substring(0, 8);
    private final String floorQueue = "bench-floor-" + run;
    private final WorkerFactory floorWorkers;
    private final OwnDatabase database;
    /**
     * Sessions being deleted at once by {@link #deleteAll}, until each is DELETED: more only make each
     * session's workflow slower to take its DELETE, which the service then answers 503.
     */
    static final int DELETIONS_IN_FLIGHT = 50;
    /** How long one session's DELETE is repeated while the service answers 503. */
    private static final Duration DELETE_PATIENCE = Duration.ofMinutes(10);

    private final java.util.concurrent.atomic.AtomicInteger refused = new java.util.concurrent.atomic.AtomicInteger();

    BenchService(Map<String, Object> settings) {
        // A database of the run's own: no host or session of another run or test is served or counted.
        database = OwnDatabase.create("bench_" + run);
        Map<String, Object> properties = new java.util.HashMap<>(settings);
        properties.put("datasources.default.url", database.url());
        properties.put("micronaut.server.port", -1);
        properties.put("steward.reconcile.deployment", "bench-" + run);
        // Nothing is lost in this run: the sweep's lookups would only add to what is measured.
        properties.put("steward.resume.enabled", false);
        // Its clients are the scenarios, as the tests' admin.
        properties.put("steward.auth.admin-token-sha256", TestTokens.ADMIN_SHA256);
        // The hollow engine the scenarios register as a host listens on the loopback.
        properties.put("steward.hosts.access.allowed-endpoints", List.of("tcp://127.0.0.1:*"));
        // Scenarios 3 and 4 hold thousands of one owner's sessions: no quota stands in their way.
        properties.put("steward.quotas.live-sessions-per-owner", 0);
        properties.put("steward.quotas.pods-per-owner", 0);
        // Scenario 7 holds up to 500 event streams open with one token.
        properties.put("steward.streams.max-per-token", 1000);
        properties.put("steward.streams.max-total", 2000);
        // No service starts without a secrets key.
        properties.put("steward.secrets.key", TestSecretsKey.KEY);
        // Scenario 6's sinks listen on the loopback, which only an allow-list permits.
        properties.put("steward.subscriptions.allowed-sinks", List.of("http://127.0.0.1:*"));
        // The service's own defaults, also when run under a test runner (which would select "test").
        context = ApplicationContext.builder().deduceEnvironment(false).properties(properties).start();
        EmbeddedServer server = context.getBean(EmbeddedServer.class);
        server.start();
        base = "http://127.0.0.1:" + server.getPort();
        raw = new RawHttp(server.getURL());
        floorWorkers = WorkerFactory.newInstance(temporal());
        floorWorkers.newWorker(floorQueue).registerWorkflowImplementationTypes(FloorSessionWorkflowImpl.class,
                FloorPartWorkflowImpl.class);
        floorWorkers.getWorker(floorQueue).registerActivitiesImplementations(new FloorActivitiesImpl());
        floorWorkers.start();
    }

    /** This run's id: in owners, labels and names, so nothing of another run is touched. */
    String run() {
        return run;
    }

    String deployment() {
        return "bench-" + run;
    }

    ApplicationContext context() {
        return context;
    }

    WorkflowClient temporal() {
        return context.getBean(WorkflowClient.class);
    }

    /** A client of the service's own engine: the benchmark's calls reach the engine the service watches. */
    DockerClient docker() {
        return context.getBean(DockerClient.class);
    }

    /** The service's own engine ({@code steward.engine.host}), for clients other than docker-java. */
    String engineEndpoint() {
        return context.getRequiredProperty("steward.engine.host", String.class);
    }

    /** Runs one floor session to its end; returns how long it took. */
    long floorSession() {
        FloorSessionWorkflow floor = temporal().newWorkflowStub(FloorSessionWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(floorQueue).setWorkflowId("bench-floor-" + UUID.randomUUID())
                // Started as the service starts a session: eagerly, where the server allows it.
                .setDisableEagerExecution(false).build());
        long started = System.nanoTime();
        floor.run(2, 2);
        return (System.nanoTime() - started) / 1_000_000;
    }

    /** A pod spec of a long-running busybox, on hosts labelled {@code selector} when given. */
    static Map<String, Object> pod(String name, Map<String, String> selector) {
        Map<String, Object> pod = new java.util.LinkedHashMap<>();
        pod.put("name", name);
        pod.put("image", BUSYBOX);
        pod.put("command", List.of("sleep", "3600"));
        if (selector != null) {
            pod.put("hostSelector", selector);
        }
        return pod;
    }

    /** 2 parts x 2 pods, as the startup targets are stated. */
    static Map<String, Object> twoByTwo(String owner, Map<String, String> selector) {
        return Map.of("owner", owner, "parts", List.of(
                Map.of("name", "web", "pods", List.of(pod("a", selector), pod("b", selector))),
                Map.of("name", "backend", "pods", List.of(pod("c", selector), pod("d", selector)))));
    }

    /**
     * Creates a session as a client would: a 503 (PostgreSQL or Temporal busy; nothing was created) is
     * repeated after a short pause, and counted.
     */
    UUID create(Map<String, Object> spec) {
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (true) {
            HttpResponse<byte[]> response = exchange("POST", "/api/v1/sessions", spec);
            if (response.statusCode() == 201) {
                try {
                    return UUID.fromString(JSON.readTree(response.body()).get("id").asText());
                } catch (IOException e) {
                    throw new IllegalStateException("POST /api/v1/sessions: unreadable answer", e);
                }
            }
            if (response.statusCode() != 503 || System.nanoTime() > deadline) {
                throw new IllegalStateException("POST /api/v1/sessions: " + response.statusCode() + " "
                        + new String(response.body()));
            }
            refused.incrementAndGet();
            pause(100);
        }
    }

    /** How many creations the service refused with 503 and were repeated, so far. */
    int refusedCreations() {
        return refused.get();
    }

    JsonNode get(UUID id) {
        return send("GET", "/api/v1/sessions/" + id, null, 200);
    }

    String status(UUID id) {
        return get(id).get("status").asText();
    }

    /**
     * Deletes a session as a client would. A DELETE is safe to repeat: one that times out, or is
     * answered 503 (the service busy, or the session's workflow did not take the change in time; it may
     * still apply), is followed by a look at the session, and sent again unless the session wants
     * DELETED by then, after a pause that doubles up to 5 s, for at most {@link #DELETE_PATIENCE}.
     */
    void delete(UUID id) {
        long deadline = System.nanoTime() + DELETE_PATIENCE.toNanos();
        long pause = 100;
        while (true) {
            String refused;
            try {
                HttpResponse<byte[]> response = exchange("DELETE", "/api/v1/sessions/" + id, null);
                if (response.statusCode() == 202) {
                    return;
                }
                refused = response.statusCode() + " " + new String(response.body());
                if (response.statusCode() != 503) {
                    throw new IllegalStateException("DELETE /api/v1/sessions/" + id + ": " + refused);
                }
            } catch (IllegalStateException timedOut) {
                if (timedOut.getCause() == null) {
                    throw timedOut;
                }
                refused = timedOut.getMessage();
            }
            pause(pause);
            if ("DELETED".equals(exchangeJson("/api/v1/sessions/" + id).path("desiredStatus").asText())) {
                return; // the change applied after all
            }
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("DELETE /api/v1/sessions/" + id + " not taken within " + DELETE_PATIENCE
                        + ": " + refused);
            }
            pause = Math.min(pause * 2, 5_000);
        }
    }

    /** A GET's JSON answer, whatever its status (an empty object when it has no body). */
    private JsonNode exchangeJson(String path) {
        HttpResponse<byte[]> response = exchange("GET", path, null);
        try {
            return response.body().length == 0 ? JSON.createObjectNode() : JSON.readTree(response.body());
        } catch (IOException e) {
            throw new IllegalStateException("GET " + path + ": unreadable answer", e);
        }
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    void registerHost(String name, String endpoint, Map<String, String> labels) {
        send("POST", "/api/v1/hosts", Map.of("name", name, "endpoint", endpoint, "labels", labels), 201);
        await("host " + name + " READY", Duration.ofSeconds(60), 50,
                () -> "READY".equals(send("GET", "/api/v1/hosts/" + name, null, 200).get("status").asText()));
    }

    /** Deletes the host once no pod is placed on it any more (until then the API answers 409). */
    void deleteHost(String name) {
        await("host " + name + " deleted", Duration.ofSeconds(120), 200,
                () -> exchange("DELETE", "/api/v1/hosts/" + name, null).statusCode() != 409);
    }

    /** Polls the API for the session's status every {@code pollMillis}; returns when it was seen. */
    Instant awaitStatus(UUID id, String status, Duration within, long pollMillis) {
        await("session " + id + " " + status, within, pollMillis, () -> status.equals(status(id)));
        return Instant.now();
    }

    /**
     * Waits for the session's change to {@code status} on its event stream, as a client that waits for it
     * does ({@code ./steward sessions watch}): woken by the change, asking nothing meanwhile, so the wait adds
     * no load of its own to what it measures. Returns when the change arrived.
     */
    Instant awaitStatusOnStream(UUID id, String status, Duration within) {
        try (EventStreamReader events = new EventStreamReader(raw, "/api/v1/sessions/" + id + "/events", null)) {
            events.takeUntil("session " + id + " " + status, within, e -> isSessionChangeTo(e.event(), status));
            return Instant.now();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for session " + id + " " + status, e);
        }
    }

    private static boolean isSessionChangeTo(CloudEvent event, String status) {
        try {
            return "dev.steward.session.status.changed".equals(event.getType())
                    && status.equals(JSON.readTree(event.getData().toBytes()).path("to").asText());
        } catch (IOException e) {
            throw new IllegalStateException("a status event whose data is no JSON: " + event, e);
        }
    }

    /** Opens a server-sent event stream; returns once the service answered 200, its body open. */
    InputStream openStream(String path) {
        try {
            HttpResponse<InputStream> response = http.send(HttpRequest.newBuilder(URI.create(base + path))
                    .header("Accept", "text/event-stream").header("Authorization", "Bearer " + TestTokens.ADMIN)
                    .build(), HttpResponse.BodyHandlers.ofInputStream());
            if (response.statusCode() != 200) {
                response.body().close();
                throw new IllegalStateException("GET " + path + ": " + response.statusCode());
            }
            return response.body();
        } catch (IOException e) {
            throw new IllegalStateException("GET " + path + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("GET " + path + " interrupted", e);
        }
    }

    /** The owner's first page of sessions. */
    JsonNode listSessions(String owner) {
        return send("GET", "/api/v1/sessions?owner=" + owner, null, 200);
    }

    /** Subscribes {@code sink} to every status event; returns the subscription's id. */
    UUID subscribe(String sink) {
        return UUID.fromString(send("POST", "/api/v1/subscriptions", Map.of("sink", sink), 201).get("id").asText());
    }

    void unsubscribe(UUID subscription) {
        send("DELETE", "/api/v1/subscriptions/" + subscription, null, 204);
    }

    /** The outbox's last position: every event recorded so far is at or before it. */
    long lastOutboxPosition() {
        return query("SELECT COALESCE(MAX(position), 0) FROM outbox_events");
    }

    /** When each event after position {@code from} up to {@code to} was recorded, by its id. */
    Map<String, Instant> recordedAt(long from, long to) {
        Map<String, Instant> recorded = new java.util.HashMap<>();
        try (Connection c = connect(); PreparedStatement select = c.prepareStatement(
                "SELECT id, recorded_at FROM outbox_events WHERE position > ? AND position <= ?")) {
            select.setLong(1, from);
            select.setLong(2, to);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    recorded.put(rows.getString(1), rows.getTimestamp(2).toInstant());
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("reading the outbox", e);
        }
        return recorded;
    }

    long databaseBytes() {
        return query("SELECT pg_database_size(current_database())");
    }

    List<TransitionRow> transitions(UUID id) {
        return context.getBean(TransitionRepository.class).findBySessionIdOldestFirst(id);
    }

    Instant createdAt(UUID id) {
        return context.getBean(dev.steward.store.SessionRepository.class).findById(id).orElseThrow().createdAt();
    }

    /**
     * Deletes the sessions, at most {@link #DELETIONS_IN_FLIGHT} at a time not yet DELETED, and waits
     * until every one is (its containers gone).
     */
    void deleteAll(List<UUID> ids, Duration within) throws Exception {
        new SessionWave(this, "DELETED").run(ids.size(), DELETIONS_IN_FLIGHT, i -> {
            delete(ids.get(i));
            return ids.get(i);
        }, within);
    }

    /** Which of the sessions have {@code status}, in one query of the read model. */
    Set<UUID> withStatus(List<UUID> ids, String status) {
        try (Connection c = connect();
                PreparedStatement statement = c.prepareStatement("SELECT id FROM sessions WHERE status = ? AND id = ANY(?)")) {
            statement.setString(1, status);
            statement.setArray(2, c.createArrayOf("uuid", ids.toArray()));
            Set<UUID> found = new HashSet<>();
            try (ResultSet result = statement.executeQuery()) {
                while (result.next()) {
                    found.add(result.getObject(1, UUID.class));
                }
            }
            return found;
        } catch (SQLException e) {
            throw new IllegalStateException("sessions with status " + status, e);
        }
    }

    static void await(String what, Duration within, long pollMillis, BooleanSupplier done) {
        long deadline = System.nanoTime() + within.toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("not within " + within + ": " + what);
            }
            try {
                Thread.sleep(pollMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted waiting for " + what, e);
            }
        }
    }

    /** Sends a request and reads its JSON answer, which must have status {@code expected} (0: any). */
    private JsonNode send(String method, String path, Object body, int expected) {
        HttpResponse<byte[]> response = exchange(method, path, body);
        if (expected != 0 && response.statusCode() != expected) {
            throw new IllegalStateException(method + " " + path + ": " + response.statusCode() + " "
                    + new String(response.body()));
        }
        try {
            return response.body().length == 0 ? JSON.createObjectNode() : JSON.readTree(response.body());
        } catch (IOException e) {
            throw new IllegalStateException(method + " " + path + ": unreadable answer", e);
        }
    }

    private HttpResponse<byte[]> exchange(String method, String path, Object body) {
        try {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
                    .timeout(Duration.ofSeconds(60)).header("Content-Type", "application/json")
                    .header("Authorization", "Bearer " + TestTokens.ADMIN);
            request = body == null ? request.method(method, HttpRequest.BodyPublishers.noBody())
                    : request.method(method, HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(body)));
            return http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new IllegalStateException(method + " " + path + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(method + " " + path + " interrupted", e);
        }
    }

    private long query(String sql, String... args) {
        try (Connection c = connect(); PreparedStatement statement = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                statement.setString(i + 1, args[i]);
            }
            try (ResultSet result = statement.executeQuery()) {
                result.next();
                return result.getLong(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }

    /** A plain connection of its own: the service's pool hands out connections within its transactions only. */
    private Connection connect() throws SQLException {
        return DriverManager.getConnection(context.getRequiredProperty("datasources.default.url", String.class),
                context.getProperty("datasources.default.username", String.class).orElse(null),
                context.getProperty("datasources.default.password", String.class).orElse(null));
    }

    @Override
    public void close() {
        floorWorkers.shutdownNow();
        context.close();
        database.close();
    }
}
