package dev.steward.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.steward.app.auth.Role;
import dev.steward.app.support.RawAnswer;
import dev.steward.app.support.RawHttp;
import dev.steward.app.support.SessionApi;
import dev.steward.app.support.Specs;
import dev.steward.app.support.TestTokens;
import dev.steward.workflow.support.Eventually;
import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A pod on its host's network needs the deployment's switch and an OPERATOR or ADMIN token: with the
 * switch on, a USER's spec asking for it is refused (403, naming each pod's field) and changes nothing;
 * an operator's is taken.
 */
@MicronautTest
@Property(name = "steward.pods.allow-host-network", value = "true")
class HostNetworkIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    EmbeddedServer server;

    @Test
    void onlyAnOperatorOrAdminPutsAPodOnItsHostsNetwork() throws JsonProcessingException {
        RawHttp http = new RawHttp(server.getURL());
        String run = UUID.randomUUID().toString().substring(0, 8);
        String owner = "alice-" + run;
        String user = TestTokens.create(http, "alice-" + run, Role.USER, owner);
        String operator = TestTokens.create(http, "operator-" + run, Role.OPERATOR, null);
        List<String> sessions = new ArrayList<>();
        try {
            RawAnswer refused = http.send(user, "POST", "/api/v1/sessions", "application/json", spec(owner, true));
            assertRefused(refused);
            assertEquals(0, JSON.readTree(http.get("/api/v1/sessions?owner=" + owner).body()).get("total").asLong(),
                    "no session was made");

            RawAnswer own = http.send(user, "POST", "/api/v1/sessions", "application/json", spec(owner, false));
            assertEquals(201, own.status(), own::toString);
            String id = JSON.readTree(own.body()).get("id").asText();
            sessions.add(id);
            assertRefused(http.send(user, "PUT", "/api/v1/sessions/" + id + "/spec", "application/json",
                    spec(owner, true)));
            assertEquals(1, JSON.readTree(http.get("/api/v1/sessions/" + id).body()).get("generation").asLong(),
                    "the spec did not change");

            RawAnswer taken = http.send(operator, "POST", "/api/v1/sessions", "application/json", spec(owner, true));
            assertEquals(201, taken.status(), taken::toString);
            sessions.add(JSON.readTree(taken.body()).get("id").asText());
        } finally {
            for (String id : sessions) {
                assertEquals(202, http.delete("/api/v1/sessions/" + id).status());
            }
            for (String id : sessions) {
                Eventually.await("session " + id + " DELETED", SessionApi.DEADLINE,
                        () -> http.get("/api/v1/sessions/" + id).body(),
                        body -> body.contains("\"status\":\"DELETED\""));
            }
        }
    }

    private static void assertRefused(RawAnswer answer) throws JsonProcessingException {
        assertEquals(403, answer.status(), answer::toString);
        assertTrue(answer.isProblem(), answer::toString);
        JsonNode errors = JSON.readTree(answer.body()).get("errors");
        assertEquals(1, errors.size(), answer::toString);
        assertEquals("parts[0].pods[0].hostNetwork", errors.get(0).get("field").asText(), answer::toString);
    }

    /** A stopped session of one pod, on its host's network or not: no container is made. */
    private static byte[] spec(String owner, boolean hostNetwork) throws JsonProcessingException {
        return JSON.writeValueAsBytes(Map.of("owner", owner, "desiredStatus", "STOPPED", "parts",
                List.of(Map.of("name", "web", "pods", List.of(Map.of("name", "a",
                        "image", Specs.BUSYBOX, "hostNetwork", hostNetwork))))));
    }
}
