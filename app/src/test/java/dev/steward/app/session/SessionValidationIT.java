package dev.steward.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.http.problem.Problem;
import dev.steward.app.support.Refusals;
import dev.steward.app.support.Specs;
import dev.steward.model.FieldError;
import dev.steward.model.SessionView;
import dev.steward.store.SessionRepository;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.client.BlockingHttpClient;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.json.JsonMapper;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Bad input gets a problem+json naming what is wrong, and leaves no row and no workflow behind. */
@MicronautTest
class SessionValidationIT {

    @Inject
    @Client("/")
    HttpClient client;

    @Inject
    SessionRepository sessions;

    @Inject
    JsonMapper jsonMapper;

    BlockingHttpClient http;

    @BeforeEach
    void setUp() {
        http = client.toBlocking();
    }

    @Test
    void malformedJsonIsABadRequest() {
        Problem problem = refusedCreate("{\"owner\": \"x\", \"parts\": [", HttpStatus.BAD_REQUEST);
        assertTrue(problem.detail().startsWith("the body is not valid JSON"), problem.detail());
        assertFalse(problem.detail().contains("Source"), "decoder internals leak: " + problem.detail());
    }

    @Test
    void missingOwnerNamesTheField() {
        Problem problem = refusedCreate(json(Map.of("parts", List.of(Specs.part("web", "a")))),
                HttpStatus.UNPROCESSABLE_ENTITY);
        assertEquals(List.of(new FieldError("owner", "must not be blank")), problem.errors());
    }

    @Test
    void duplicatePartAndPodNamesAreNamed() {
        Map<String, Object> spec = Map.of("owner", "x", "parts",
                List.of(Specs.part("web", "a", "a"), Specs.part("web", "b")));
        Problem problem = refusedCreate(json(spec), HttpStatus.UNPROCESSABLE_ENTITY);
        assertEquals(List.of("parts[0].pods[1].name", "parts[1].name"),
                problem.errors().stream().map(FieldError::field).toList());
    }

    @Test
    void aPodOnItsHostsNetworkIsRefusedUnlessTheOperatorAllowsIt() {
        Map<String, Object> pod = Map.of("name", "a", "image", Specs.BUSYBOX, "hostNetwork", true);
        Map<String, Object> spec = Map.of("owner", "x", "parts", List.of(Map.of("name", "web", "pods", List.of(pod))));
        Problem problem = refusedCreate(json(spec), HttpStatus.UNPROCESSABLE_ENTITY);
        assertEquals(List.of("parts[0].pods[0].hostNetwork"), problem.errors().stream().map(FieldError::field).toList());
        assertTrue(problem.errors().getFirst().message().contains("steward.pods.allow-host-network"),
                problem.errors().toString());
    }

    @Test
    void aMountOfAnUndeclaredVolumeIsNamed() {
        Map<String, Object> pod = Map.of("name", "a", "image", Specs.BUSYBOX,
                "mounts", List.of(Map.of("volume", "nope", "path", "/data")));
        Map<String, Object> spec = Map.of("owner", "x", "volumes", List.of(Map.of("name", "data")),
                "parts", List.of(Map.of("name", "web", "pods", List.of(pod))));
        Problem problem = refusedCreate(json(spec), HttpStatus.UNPROCESSABLE_ENTITY);
        assertEquals(List.of("parts[0].pods[0].mounts[0].volume"),
                problem.errors().stream().map(FieldError::field).toList());
    }

    @Test
    void emptyImageIsNamed() {
        Map<String, Object> pod = Map.of("name", "a", "image", "");
        Map<String, Object> spec = Map.of("owner", "x", "parts", List.of(Map.of("name", "web", "pods", List.of(pod))));
        Problem problem = refusedCreate(json(spec), HttpStatus.UNPROCESSABLE_ENTITY);
        assertEquals(List.of("parts[0].pods[0].image"), problem.errors().stream().map(FieldError::field).toList());
    }

    @Test
    void unknownDesiredStatusInTheSpecIsRefused() {
        String body = "{\"owner\":\"x\",\"desiredStatus\":\"PAUSED\",\"parts\":[{\"name\":\"web\",\"pods\":"
                + "[{\"name\":\"a\",\"image\":\"" + Specs.BUSYBOX + "\"}]}]}";
        Problem problem = refusedCreate(body, HttpStatus.BAD_REQUEST);
        assertEquals("desiredStatus", problem.errors().getFirst().field());
        assertTrue(problem.detail().contains("PAUSED"), problem.detail());
    }

    @Test
    void aValueOfTheWrongTypeNamesItsPath() {
        String body = "{\"owner\":\"x\",\"parts\":[{\"name\":\"web\",\"pods\":[{\"name\":\"a\",\"image\":\""
                + Specs.BUSYBOX + "\",\"ports\":[{\"containerPort\":\"eighty\"}]}]}]}";
        Problem problem = refusedCreate(body, HttpStatus.BAD_REQUEST);
        assertEquals("parts.pods.ports.containerPort", problem.errors().getFirst().field());
    }

    @Test
    void unknownDesiredStatusUpdateIsRefusedAndChangesNothing() {
        SessionView session = http.retrieve(HttpRequest.POST("/api/v1/sessions",
                Map.of("owner", "x", "desiredStatus", "STOPPED", "parts", List.of(Specs.part("web", "a")))),
                SessionView.class);
        Problem problem = Refusals.refused(http, HttpRequest.PUT("/api/v1/sessions/" + session.id() + "/desired-status",
                Map.of("desiredStatus", "PAUSED")), HttpStatus.UNPROCESSABLE_ENTITY);
        assertEquals("desiredStatus", problem.errors().getFirst().field());
        assertEquals(1, sessions.findById(session.id()).orElseThrow().generation());
        http.exchange(HttpRequest.DELETE("/api/v1/sessions/" + session.id()));
    }

    @Test
    void enumsAreReadInAnyCaseAndWrittenAsTheirNames() throws IOException {
        Map<String, Object> pod = Map.of("name", "a", "image", Specs.BUSYBOX, "command", List.of("sleep", "3600"),
                "kind", "Worker", "restartPolicy", "on-failure",
                "readiness", Map.of("type", "tcp", "port", 80, "intervalSeconds", 1));
        Map<String, Object> spec = Map.of("owner", "casing-" + UUID.randomUUID(), "desiredStatus", "stopped",
                "parts", List.of(Map.of("name", "web", "onFailure", "continue", "pods", List.of(pod))));
        SessionView session = http.retrieve(HttpRequest.POST("/api/v1/sessions", json(spec))
                .contentType(MediaType.APPLICATION_JSON), SessionView.class);
        try {
            String stored = jsonMapper.writeValueAsString(sessions.findById(session.id()).orElseThrow().spec());
            for (String written : List.of("\"STOPPED\"", "\"CONTINUE\"", "\"WORKER\"", "\"ON_FAILURE\"", "\"TCP\"")) {
                assertTrue(stored.contains(written), written + " in " + stored);
            }
            assertFalse(stored.matches("(?s).*\"(on-failure|continue|worker|tcp|stopped)\".*"), stored);
        } finally {
            http.exchange(HttpRequest.DELETE("/api/v1/sessions/" + session.id()));
        }
        String unknown = json(Map.of("owner", "x", "parts", List.of(Map.of("name", "web", "pods",
                List.of(Map.of("name", "a", "image", Specs.BUSYBOX, "restartPolicy", "sometimes"))))));
        Problem problem = refusedCreate(unknown, HttpStatus.BAD_REQUEST);
        assertEquals("parts.pods.restartPolicy", problem.errors().getFirst().field(), problem.toString());
        assertTrue(problem.detail().contains("ON_FAILURE"), problem.detail());
    }

    @Test
    void unknownSessionIsNotFound() {
        UUID unknown = UUID.randomUUID();
        for (HttpRequest<?> request : List.of(
                HttpRequest.GET("/api/v1/sessions/" + unknown),
                HttpRequest.GET("/api/v1/sessions/" + unknown + "/transitions"),
                HttpRequest.PUT("/api/v1/sessions/" + unknown + "/desired-status", Map.of("desiredStatus", "STOPPED")),
                HttpRequest.DELETE("/api/v1/sessions/" + unknown))) {
            Refusals.refused(http, request, HttpStatus.NOT_FOUND);
        }
    }

    @Test
    void malformedIdIsABadRequest() {
        Refusals.refused(http, HttpRequest.GET("/api/v1/sessions/not-a-uuid"), HttpStatus.BAD_REQUEST);
    }

    /** Posts a bad spec and checks the refusal changed nothing: no row, and no workflow for any row. */
    @Test
    void aCycleOrAnUnknownNameInAfterIsRefused() {
        Map<String, Object> spec = Map.of("owner", "x", "parts", List.of(
                gated(Specs.part("web", "a"), "api"),
                gated(Specs.part("api", "b"), "web"),
                gated(Specs.part("db", "c"), "nope")));
        Problem problem = refusedCreate(json(spec), HttpStatus.UNPROCESSABLE_ENTITY);
        assertEquals(List.of(new FieldError("parts[2].after[0]", "names no part: 'nope'"),
                        new FieldError("parts", "the after gates form a cycle: web -> api -> web")),
                problem.errors());
    }

    @Test
    void aTimeslotOutOfOrderIsRefused() {
        Map<String, Object> spec = Map.of("owner", "x", "parts", List.of(Specs.part("web", "a")), "timeslot",
                Map.of("provisionAt", "2030-01-01T10:00:00Z", "endAt", "2030-01-01T12:00:00Z",
                        "cleanupDeadline", "2030-01-01T11:00:00Z"));
        Problem problem = refusedCreate(json(spec), HttpStatus.UNPROCESSABLE_ENTITY);
        assertEquals(List.of(new FieldError("timeslot.cleanupDeadline", "must not be before endAt")), problem.errors());
    }

    private static Map<String, Object> gated(Map<String, Object> part, String after) {
        Map<String, Object> gated = new java.util.LinkedHashMap<>(part);
        gated.put("after", List.of(after));
        return gated;
    }

    private Problem refusedCreate(String body, HttpStatus expected) {
        long rowsBefore = sessions.count();
        Problem problem = Refusals.refused(http,
                HttpRequest.POST("/api/v1/sessions", body).contentType(MediaType.APPLICATION_JSON), expected);
        assertEquals(rowsBefore, sessions.count(), "a refused request wrote a session row");
        return problem;
    }

    private String json(Map<String, Object> value) {
        try {
            return jsonMapper.writeValueAsString(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
