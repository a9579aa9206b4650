package dev.steward.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.api.TransitionView;
import dev.steward.app.support.Refusals;
import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.SessionListing;
import dev.steward.app.support.Specs;
import dev.steward.model.FieldError;
import dev.steward.model.SessionStatus;
import io.micronaut.core.type.Argument;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.client.BlockingHttpClient;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Listing by label selector and several statuses, page after page by cursor; transitions after a moment. */
@MicronautTest
class SessionListingIT extends SessionApiBase {

    @Test
    void labelsSelectAndACursorWalksThePages() {
        BlockingHttpClient http = client.toBlocking();
        String owner = "labels-" + UUID.randomUUID();
        UUID teamADb = create(owner, Map.of("team", "a", "tier", "db"));
        UUID teamAWeb = create(owner, Map.of("team", "a", "tier", "web"));
        UUID teamB = create(owner, Map.of("team", "b"));
        UUID unlabelled = create(owner, Map.of());
        List<UUID> all = List.of(teamADb, teamAWeb, teamB, unlabelled);

        assertEquals(Set.of(teamAWeb), ids(list(http, owner, "&labelSelector=team=a,tier!=db")));
        assertEquals(Set.of(teamB, unlabelled), ids(list(http, owner, "&labelSelector=team!=a")));
        assertEquals(Set.of(teamADb, teamAWeb, teamB), ids(list(http, owner, "&labelSelector=team")));
        assertEquals(Set.of(unlabelled), ids(list(http, owner, "&labelSelector=!team")));
        var problem = Refusals.refused(http, HttpRequest.GET("/api/v1/sessions?labelSelector=Bad%20Key=x"),
                HttpStatus.UNPROCESSABLE_ENTITY);
        assertEquals(List.of("labelSelector"), problem.errors().stream().map(FieldError::field).toList());
        assertEquals("a", api.get(teamAWeb).spec().labels().get("team"), "labels are shown in the spec");

        for (UUID id : all) {
            api.awaitStatus(id, SessionStatus.STOPPED);
        }
        assertEquals(4, list(http, owner, "&status=stopped,running").total(), "any of several statuses");
        assertEquals(4, list(http, owner, "&status=RUNNING&status=STOPPED").total());
        assertEquals(0, list(http, owner, "&status=RUNNING,FAILED").total());

        List<UUID> walked = new ArrayList<>();
        SessionListing page = list(http, owner, "&size=3");
        page.items().forEach(s -> walked.add(s.id()));
        assertNotNull(page.next(), "a full page has a next cursor");
        page = list(http, owner, "&size=3&cursor=" + page.next());
        page.items().forEach(s -> walked.add(s.id()));
        assertEquals(List.of(unlabelled, teamB, teamAWeb, teamADb), walked, "newest first, each once");
        assertNull(page.next(), "the last page has none");

        List<TransitionView> transitions = api.transitions(teamB);
        assertTrue(transitions.size() >= 2, transitions.toString());
        List<TransitionView> later = http.retrieve(HttpRequest.GET("/api/v1/sessions/" + teamB + "/transitions?since="
                + transitions.getFirst().occurredAt()), Argument.listOf(TransitionView.class));
        assertEquals(transitions.stream().filter(t -> t.occurredAt().isAfter(transitions.getFirst().occurredAt())).toList(),
                later);

        for (UUID id : all) {
            api.delete(id);
        }
        for (UUID id : all) {
            api.awaitStatus(id, SessionStatus.DELETED);
        }
    }

    private UUID create(String owner, Map<String, String> labels) {
        return api.create(Map.of("owner", owner, "desiredStatus", "STOPPED", "labels", labels,
                "parts", List.of(Specs.part("web", "a")))).id();
    }

    private static SessionListing list(BlockingHttpClient http, String owner, String query) {
        return http.retrieve(HttpRequest.GET("/api/v1/sessions?owner=" + owner + query), SessionListing.class);
    }

    private static Set<UUID> ids(SessionListing page) {
        Set<UUID> ids = new HashSet<>();
        page.items().forEach(s -> ids.add(s.id()));
        assertEquals(page.total(), ids.size());
        return ids;
    }
}
