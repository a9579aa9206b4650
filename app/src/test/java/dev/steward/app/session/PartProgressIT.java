package dev.steward.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.support.SessionApi;
import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.Specs;
import dev.steward.model.Condition;
import dev.steward.model.PartStatus;
import dev.steward.model.PartView;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.workflow.support.Eventually;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A session's tree shows each part's progress: its {@code Progressing} condition from the read model and
 * its count of reconcile passes from its workflow. A part whose pod never becomes ready fails at its progress
 * deadline with {@code Progressing=False}, reason {@code ProgressDeadlineExceeded}; a part that became
 * READY keeps {@code Progressing=True}. The tree of a session with containers keeps its spec and times.
 */
@MicronautTest
class PartProgressIT extends SessionApiBase {

    @Test
    void aPartPastItsProgressDeadlineIsNotProgressingAndEachPartCountsItsPasses() {
        Map<String, Object> neverReady = Map.of("name", "never-ready", "image", Specs.BUSYBOX,
                "command", List.of("sleep", "3600"),
                "readiness", Map.of("type", "exec", "command", List.of("false"), "intervalSeconds", 1));
        UUID id = api.create(Map.of("owner", "part-progress", "parts", List.of(
                Specs.part("web", "server"),
                Map.of("name", "stuck", "pods", List.of(neverReady), "onFailure", "CONTINUE",
                        "progressDeadlineSeconds", 3)))).id();
        try {
            api.awaitStatus(id, SessionStatus.DEGRADED);
            // A workflow that does not answer within the API's Temporal timeout leaves its passes out of one read.
            SessionView tree = Eventually.await("every part's passes in the tree", SessionApi.DEADLINE, () -> api.get(id),
                    read -> read.parts().stream().allMatch(part -> part.passes() != null));

            PartView stuck = part(tree, "stuck");
            assertEquals(PartStatus.FAILED, stuck.status());
            Condition notProgressing = progressing(stuck);
            assertEquals(Condition.FALSE, notProgressing.status(), notProgressing.toString());
            assertEquals("ProgressDeadlineExceeded", notProgressing.reason());
            assertNotNull(notProgressing.lastTransitionTime());

            PartView web = part(tree, "web");
            assertEquals(PartStatus.READY, web.status());
            Condition progressing = progressing(web);
            assertEquals(Condition.TRUE, progressing.status(), progressing.toString());
            assertEquals(web.reason(), progressing.reason());

            for (PartView part : tree.parts()) {
                assertNotNull(part.passes(), "part " + part.name() + " counts its passes");
                assertTrue(part.passes() >= 1, part.name() + " ran " + part.passes() + " passes");
            }
            assertNotNull(tree.spec(), "the tree of a session with containers keeps its spec");
            assertEquals(2, tree.spec().parts().size());
            assertNotNull(tree.createdAt());
            assertNotNull(tree.updatedAt());
        } finally {
            api.delete(id);
            api.awaitStatus(id, SessionStatus.DELETED);
        }
    }

    private static PartView part(SessionView tree, String name) {
        return tree.parts().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
    }

    private static Condition progressing(PartView part) {
        assertNotNull(part.conditions(), "part " + part.name() + " has conditions");
        return part.conditions().stream().filter(c -> c.type().equals(Condition.PROGRESSING)).findFirst()
                .orElseThrow(() -> new AssertionError("part " + part.name() + " has no Progressing condition"));
    }
}
