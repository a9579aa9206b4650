package dev.steward.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.steward.contract.WorkflowIds;
import dev.steward.model.SessionStatus;
import io.micronaut.context.annotation.Property;
import io.micronaut.http.HttpRequest;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** With {@code steward.temporal.ui-url} set, a session and a host link to their workflows in the Temporal UI. */
@MicronautTest
@Property(name = "steward.temporal.ui-url", value = "http://temporal-ui.example:8088")
class TemporalUiLinkIT extends SessionApiTest {

    private static final String UI = "http://temporal-ui.example:8088/namespaces/default/workflows/";

    @Test
    void aSessionAndAHostLinkToTheirWorkflows() {
        // Desired STOPPED: nothing runs, the session only needs to exist.
        UUID id = api.create(Map.of("owner", "links", "desiredStatus", "STOPPED",
                "parts", List.of(Specs.part("web", "a")))).id();
        var http = client.toBlocking();

        assertEquals("<" + UI + WorkflowIds.session(id) + ">; rel=\"temporal-workflow\"",
                http.exchange(HttpRequest.GET("/api/v1/sessions/" + id)).header("Link"));
        String host = "local"; // steward.hosts.local-name
        assertEquals("<" + UI + WorkflowIds.host(host) + ">; rel=\"temporal-workflow\"",
                http.exchange(HttpRequest.GET("/api/v1/hosts/" + host)).header("Link"));
        api.delete(id);
        // Gone before the context closes: no placement outlives the test.
        api.awaitStatus(id, SessionStatus.DELETED);
    }
}
