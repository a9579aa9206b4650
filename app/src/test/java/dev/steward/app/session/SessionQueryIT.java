package dev.steward.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.api.StatusCatalog;
import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.SessionListing;
import dev.steward.app.support.Specs;
import dev.steward.model.Reason;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.client.BlockingHttpClient;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Listing sessions by owner and status, page by page, and the status catalog. */
@MicronautTest
class SessionQueryIT extends SessionApiBase {

    @Test
    void listsAnOwnersSessionsPageByPageNewestFirst() {
        BlockingHttpClient http = client.toBlocking();
        String owner = "owner-" + UUID.randomUUID();
        List<UUID> created = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            // Desired STOPPED: nothing runs, the sessions only need to exist.
            created.add(api.create(Map.of("owner", owner, "desiredStatus", "STOPPED",
                    "parts", List.of(Specs.part("web", "a")))).id());
        }
        SessionListing first = http.retrieve(HttpRequest.GET("/api/v1/sessions?owner=" + owner + "&size=2"), SessionListing.class);
        SessionListing second =
                http.retrieve(HttpRequest.GET("/api/v1/sessions?owner=" + owner + "&size=2&page=1"), SessionListing.class);
        assertEquals(3, first.total());
        assertEquals(2, first.items().size());
        assertEquals(1, second.items().size());
        Set<UUID> listed = new HashSet<>();
        first.items().forEach(s -> listed.add(s.id()));
        second.items().forEach(s -> listed.add(s.id()));
        assertEquals(Set.copyOf(created), listed);
        assertEquals(created.getLast(), first.items().getFirst().id(), "newest first");
        first.items().forEach(s -> assertEquals(owner, s.owner()));

        for (UUID id : created) {
            api.awaitStatus(id, SessionStatus.STOPPED);
        }
        SessionListing stopped = http.retrieve(
                HttpRequest.GET("/api/v1/sessions?owner=" + owner + "&status=STOPPED"), SessionListing.class);
        assertEquals(3, stopped.total());
        SessionListing running = http.retrieve(
                HttpRequest.GET("/api/v1/sessions?owner=" + owner + "&status=RUNNING"), SessionListing.class);
        assertEquals(0, running.total());
        for (SessionView s : stopped.items()) {
            api.delete(s.id());
        }
    }

    @Test
    void statusCatalogListsEverySessionStatus() {
        StatusCatalog catalog = client.toBlocking().retrieve(HttpRequest.GET("/api/v1/statuses"), StatusCatalog.class);
        assertEquals(List.of(SessionStatus.values()), catalog.session());
        assertTrue(catalog.desired().size() >= 3);
        assertEquals(Reason.values().length, catalog.reasons().size(), "every reason is listed");
        StatusCatalog.ReasonEntry crashLoop = catalog.reasons().stream()
                .filter(r -> r.code().equals("CrashLoopBackOff")).findFirst().orElseThrow();
        assertEquals(Set.of(Reason.Subject.POD), crashLoop.subjects());
        assertTrue(crashLoop.meaning().contains("maxRestarts"), crashLoop.meaning());
    }
}
