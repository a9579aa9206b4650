package dev.steward.workflow;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.testing.TestWorkflowEnvironment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Records the histories {@link WorkflowReplayTest} replays into
 * {@code workflows/src/test/resources/histories/}. Not a {@code *Test}, and disabled unless asked
 * for, so a normal build never overwrites them. Re-record only on purpose (an intended,
 * versioned change of workflow code), from the repository root:
 *
 * <pre>
 * mvn -pl workflows test -Dtest=ReplayHistoryRecorder -Dsteward.recordHistories=true
 * </pre>
 *
 * A history file that exists is kept: it stands for workflows recorded by older code, which must
 * keep replaying. Delete a file to record it again.
 */
@EnabledIfSystemProperty(named = "steward.recordHistories", matches = "true")
class ReplayHistoryRecorder {

    static final String SESSION_HISTORY = "histories/session-lifecycle.json";
    static final String PART_HISTORY = "histories/part-lifecycle.json";
    static final String RESTARTS_HISTORY = "histories/part-restarts.json";

    @Test
    void recordHistories() throws IOException {
        Path resources = Path.of(System.getProperty("basedir", "."), "src", "test", "resources");
        FakeEngine engine = new FakeEngine();
        TestWorkflowEnvironment env = LifecycleScenarios.newEnvironment(engine, new InMemoryRecording());
        try {
            if (Files.notExists(resources.resolve(SESSION_HISTORY))) {
                write(resources.resolve(SESSION_HISTORY), LifecycleScenarios.sessionLifecycle(env));
            }
            if (Files.notExists(resources.resolve(PART_HISTORY))) {
                write(resources.resolve(PART_HISTORY), LifecycleScenarios.partLifecycle(env, engine));
            }
            if (Files.notExists(resources.resolve(RESTARTS_HISTORY))) {
                write(resources.resolve(RESTARTS_HISTORY), LifecycleScenarios.partRestarts(env, engine));
            }
        } finally {
            env.close();
        }
    }

    private static void write(Path file, WorkflowExecutionHistory history) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, history.toJson(true) + "\n");
        assertTrue(Files.size(file) > 0, file.toString());
        System.out.println("recorded " + history.getEvents().size() + " events into " + file.toAbsolutePath());
    }
}
