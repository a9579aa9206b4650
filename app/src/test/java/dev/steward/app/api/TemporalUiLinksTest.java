package dev.steward.app.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.micronaut.http.HttpResponse;
import org.junit.jupiter.api.Test;

class TemporalUiLinksTest {

    private static final String NAMESPACE = "team a";

    @Test
    void linksAWorkflowToItsPageInTheTemporalUi() {
        TemporalUiLinks links = new TemporalUiLinks("https://temporal.example/", NAMESPACE);

        String link = links.to(HttpResponse.ok(), "session-1").getHeaders().get("Link");

        assertEquals("<https://temporal.example/namespaces/team%20a/workflows/session-1>; rel=\"temporal-workflow\"", link);
    }

    @Test
    void linksNothingWithoutAUiUrl() {
        TemporalUiLinks links = new TemporalUiLinks("", NAMESPACE);

        assertNull(links.to(HttpResponse.ok(), "session-1").getHeaders().get("Link"));
    }
}
