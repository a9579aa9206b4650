package dev.steward.app.temporal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.support.DurableService;
import dev.steward.app.support.SessionApi;
import dev.steward.app.support.Specs;
import dev.steward.model.SessionStatus;
import dev.steward.workflow.support.Eventually;
import io.micronaut.http.HttpStatus;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * PostgreSQL is the record: Temporal killed and started again with none of its data while the service
 * runs. Every live session is resumed (reason Resumed), adopts its containers (their ids do not change),
 * and takes a DELETE; the service's log says that it resumed them, and why.
 */
class TemporalLostIT {

    @Test
    void everyLiveSessionIsResumedWithItsContainersAndCanBeDeleted() throws IOException {
        try (DurableService steward = new DurableService("temporallost")) {
            steward.startService();
            List<UUID> ids = steward.api(api -> List.of(
                    api.create(Map.of("owner", "lost-" + steward.run, "parts", List.of(Specs.part("web", "a", "b")))).id(),
                    api.create(Map.of("owner", "lost-" + steward.run, "parts", List.of(Specs.part("db", "a")))).id()));
            Map<UUID, Map<String, String>> before = steward.api(api -> {
                Map<UUID, Map<String, String>> seen = new HashMap<>();
                ids.forEach(id -> seen.put(id, DurableService.containerIds(api.awaitConverged(id, SessionStatus.RUNNING))));
                return seen;
            });

            steward.temporal.kill();
            steward.temporal.startEmpty();

            steward.api(api -> {
                for (UUID id : ids) {
                    Eventually.await("session " + id + " resumed", SessionApi.DEADLINE,
                            () -> api.transitions(id), DurableService::resumed);
                    assertEquals(before.get(id), DurableService.containerIds(api.awaitConverged(id, SessionStatus.RUNNING)),
                            "the resumed session adopted its containers");
                    assertEquals(before.get(id).size(), steward.engine.containersOf(id).size(), "one container per pod");
                }
                assertTrue(steward.serviceLog().stream().anyMatch(line -> line.contains("missing from Temporal")
                        && line.contains("lost its data")), "the resume is logged with its reason");
                for (UUID id : ids) {
                    assertEquals(HttpStatus.ACCEPTED, api.delete(id));
                }
                for (UUID id : ids) {
                    api.awaitStatus(id, SessionStatus.DELETED);
                    assertTrue(steward.engine.containersOf(id).isEmpty(), "nothing left of " + id);
                }
                return null;
            });
        }
    }
}
