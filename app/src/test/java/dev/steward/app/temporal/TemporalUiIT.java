package dev.steward.app.temporal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.steward.app.support.Browser;
import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.Specs;
import dev.steward.app.support.TemporalDevServer;
import dev.steward.contract.WorkflowIds;
import dev.steward.model.SessionStatus;
import io.micronaut.http.HttpRequest;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import io.temporal.client.WorkflowClient;
import jakarta.inject.Inject;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Operators inspect sessions in the Temporal UI: a session and a host link to their workflow pages there
 * ({@code Link: rel="temporal-workflow"}), and in headless Chromium the real UI of the tests' Temporal
 * server shows the session's workflow, its type and its search attributes, and finds it in the list by
 * owner. The page's screenshot is {@code target/screenshots/temporal-ui-session.png}.
 */
@MicronautTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TemporalUiIT extends SessionApiBase implements TestPropertyProvider {

    /** The UI's error page; its advice is to load the page again. */
    private static final String UI_ERROR = "Try a refresh";

    @Inject
    WorkflowClient temporal;

    @Override
    public Map<String, String> getProperties() {
        return Map.of("steward.temporal.ui-url", TemporalDevServer.shared().uiUrl());
    }

    @Test
    void aSessionAndAHostLinkToTheirWorkflowPagesWhichTheUiShows() {
        String owner = "ui-" + UUID.randomUUID().toString().substring(0, 8);
        UUID id = api.create(Map.of("owner", owner, "labels", Map.of("course", "networks"),
                "parts", List.of(Specs.part("web", "a")))).id();
        api.awaitConverged(id, SessionStatus.RUNNING);
        var http = client.toBlocking();
        String workflows = TemporalDevServer.shared().uiUrl() + "/namespaces/" + temporal.getOptions().getNamespace() + "/workflows/";

        String sessionPage = workflows + WorkflowIds.session(id);
        assertEquals("<" + sessionPage + ">; rel=\"temporal-workflow\"",
                http.exchange(HttpRequest.GET("/api/v1/sessions/" + id)).header("Link"));
        String host = "local"; // steward.hosts.local-name
        assertEquals("<" + workflows + WorkflowIds.host(host) + ">; rel=\"temporal-workflow\"",
                http.exchange(HttpRequest.GET("/api/v1/hosts/" + host)).header("Link"));

        try (Browser browser = new Browser()) {
            browser.driver().get(sessionPage);
            browser.awaitText("the workflow page shows the session's workflow and its type",
                    text -> text.contains(WorkflowIds.session(id)) && text.contains("SessionWorkflow")
                            && text.contains("RUNNING"), UI_ERROR, "temporal-ui-session-failed");
            browser.screenshot("temporal-ui-session");

            String query = URLEncoder.encode("StewardOwner=\"" + owner + "\" AND StewardLabels=\"course=networks\""
                    + " AND StewardStatus=\"RUNNING\"", StandardCharsets.UTF_8);
            browser.driver().get(workflows.substring(0, workflows.length() - 1) + "?query=" + query);
            browser.awaitText("the list filtered by owner, label and status shows the session",
                    text -> text.contains(WorkflowIds.session(id)), UI_ERROR, "temporal-ui-list-failed");
            browser.screenshot("temporal-ui-list");
        }
        api.delete(id);
        // Gone before the context closes: no placement outlives the test.
        api.awaitStatus(id, SessionStatus.DELETED);
    }
}
