package dev.steward.workflow.support;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.workflow.WorkflowReplayTest;
import dev.steward.workflow.host.ScriptedHost;
import io.temporal.common.WorkflowExecutionHistory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Records the histories {@link WorkflowReplayTest} replays into
 * {@code workflows/src/test/resources/histories/}. Not a {@code *Test}, and disabled unless asked
 * for, so a normal build never overwrites them. Record one only on purpose: a new scenario, or a
 * change of workflow code made where no run that needs the old code can exist (see docs/versioning.md),
 * from the repository root:
 *
 * <pre>
 * mvn -pl workflows test -Dtest=ReplayHistoryRecorder -Dsteward.recordHistories=true
 * </pre>
 *
 * A history file that exists is kept: it stands for workflows recorded by older code, which must
 * keep replaying. Delete a file to record it again.
 */
@EnabledIfSystemProperty(named = "steward.recordHistories", matches = "true")
public class ReplayHistoryRecorder {

    public static final String SESSION_HISTORY = "histories/session-lifecycle.json";
    public static final String PART_HISTORY = "histories/part-lifecycle.json";
    public static final String TIMESLOT_HISTORY = "histories/session-timeslot.json";
    public static final String BEFORE_CONTINUE_AS_NEW_HISTORY = "histories/session-before-continue-as-new.json";
    public static final String RESTARTS_HISTORY = "histories/part-restarts.json";
    public static final String PLACED_PART_HISTORY = "histories/part-placed-moves.json";
    public static final String HOST_HISTORY = "histories/host-lost-and-back.json";
    public static final String ENGINE_AWAY_HISTORY = "histories/part-engine-away.json";
    public static final String IMAGE_PULL_HISTORY = "histories/part-image-pull.json";
    public static final String RESUMED_HISTORY = "histories/session-resumed.json";
    public static final String PART_EVENTS_HISTORY = "histories/session-part-events.json";
    public static final String PART_CONTINUED_HISTORY = "histories/part-continued-as-new.json";
    /** Restarts of the part whose second run is {@link #PART_CONTINUED_HISTORY}: enough for three runs of 300 events. */
    public static final int PART_CONTINUED_CRASHES = 20;
    public static final String REPLICAS_HISTORY = "histories/part-replicas.json";
    public static final String LIMITS_HISTORY = "histories/part-limits-in-place.json";
    public static final String VOLUMES_HISTORY = "histories/session-volumes.json";
    public static final String WRITTEN_BEHIND_HISTORY = "histories/part-database-away-written-behind.json";
    public static final String FORCED_REMOVAL_HISTORY = "histories/session-forced-removal.json";
    /** {@link #SESSION_HISTORY} recorded by the code of change {@code SESSION_LOCAL_FIRST_WRITES}. */
    public static final String LOCAL_FIRST_WRITES_HISTORY = "histories/session-lifecycle-local-first-writes.json";
    /** {@link #PART_HISTORY} recorded by the code of change {@code PART_FEWER_ROUND_TRIPS}. */
    public static final String FEWER_ROUND_TRIPS_HISTORY = "histories/part-lifecycle-fewer-round-trips.json";
    /** {@link #PART_HISTORY} recorded by the code of change {@code PART_LOCAL_FIRST_WRITES}. */
    public static final String PART_LOCAL_FIRST_WRITES_HISTORY = "histories/part-lifecycle-local-first-writes.json";
    /** {@link #PART_HISTORY} recorded by the code of change {@code PART_ENGINE_CALLS_FIRST}. */
    public static final String ENGINE_CALLS_FIRST_HISTORY = "histories/part-lifecycle-engine-calls-first.json";
    /** {@link #SESSION_HISTORY} recorded by the code of change {@code SESSION_PARTS_STARTED_TOGETHER}. */
    public static final String PARTS_TOGETHER_HISTORY = "histories/session-lifecycle-parts-together.json";
    /** {@link #PART_HISTORY} recorded by the code of change {@code PART_PASS_IN_ONE_WRITE}. */
    public static final String PASS_IN_ONE_WRITE_HISTORY = "histories/part-lifecycle-pass-in-one-write.json";
    /** {@link #SESSION_HISTORY} recorded by the code of change {@code SESSION_CONDITIONS_WITH_STATUS}. */
    public static final String CONDITIONS_WITH_STATUS_HISTORY = "histories/session-lifecycle-conditions-with-status.json";

    @Test
    public void recordHistories() throws IOException {
        Path resources = Path.of(System.getProperty("basedir", "."), "src", "test", "resources");
        recordIfMissing(resources, SESSION_HISTORY, LifecycleScenarios::sessionLifecycle);
        recordIfMissing(resources, PART_HISTORY, LifecycleScenarios::partLifecycle);
        recordIfMissing(resources, LOCAL_FIRST_WRITES_HISTORY, LifecycleScenarios::sessionLifecycle);
        recordIfMissing(resources, FEWER_ROUND_TRIPS_HISTORY, LifecycleScenarios::partLifecycle);
        recordIfMissing(resources, PART_LOCAL_FIRST_WRITES_HISTORY, LifecycleScenarios::partLifecycle);
        recordIfMissing(resources, PARTS_TOGETHER_HISTORY, LifecycleScenarios::sessionLifecycle);
        recordIfMissing(resources, ENGINE_CALLS_FIRST_HISTORY, LifecycleScenarios::partLifecycle);
        recordIfMissing(resources, CONDITIONS_WITH_STATUS_HISTORY, LifecycleScenarios::sessionLifecycle);
        recordIfMissing(resources, PASS_IN_ONE_WRITE_HISTORY, LifecycleScenarios::partLifecycle);
        try (WorkflowSandbox sandbox = WorkflowSandbox.forSessions().start()) {
            if (Files.notExists(resources.resolve(TIMESLOT_HISTORY))) {
                write(resources.resolve(TIMESLOT_HISTORY),
                        LifecycleScenarios.twoHourSlot(sandbox, LifecycleScenarios.TIMESLOT_SESSION_ID).getFirst());
            }
        }
        try (WorkflowSandbox sandbox = WorkflowSandbox.forSessions().start()) {
            if (Files.notExists(resources.resolve(BEFORE_CONTINUE_AS_NEW_HISTORY))) {
                StartedSession s = LifecycleScenarios.manyReports(sandbox, LifecycleScenarios.REPORTS_SESSION_ID,
                        LifecycleScenarios.REPORTS, LifecycleScenarios.SHORT_RUNS);
                write(resources.resolve(BEFORE_CONTINUE_AS_NEW_HISTORY), s.runs().getFirst());
            }
        }
        recordIfMissing(resources, RESTARTS_HISTORY, LifecycleScenarios::partRestarts);
        recordIfMissing(resources, ENGINE_AWAY_HISTORY, LifecycleScenarios::partEngineAway);
        recordIfMissing(resources, IMAGE_PULL_HISTORY, LifecycleScenarios::partImagePull);
        recordIfMissing(resources, REPLICAS_HISTORY, LifecycleScenarios::partReplicas);
        recordIfMissing(resources, LIMITS_HISTORY, LifecycleScenarios::partLimitsInPlace);
        recordIfMissing(resources, WRITTEN_BEHIND_HISTORY, LifecycleScenarios::partDatabaseAway);
        recordIfMissing(resources, RESUMED_HISTORY, LifecycleScenarios::sessionResumed);
        recordIfMissing(resources, PART_EVENTS_HISTORY, LifecycleScenarios::sessionWithPartEvents);
        if (Files.notExists(resources.resolve(PART_CONTINUED_HISTORY))) {
            try (WorkflowSandbox sandbox = WorkflowSandbox.forSessions().start()) {
                LifecycleScenarios.partRestartingMany(sandbox, LifecycleScenarios.PART_CONTINUES_SESSION_ID,
                        PART_CONTINUED_CRASHES, LifecycleScenarios.SHORT_RUNS);
                write(resources.resolve(PART_CONTINUED_HISTORY),
                        PartRuns.of(sandbox.client(), LifecycleScenarios.PART_CONTINUES_SESSION_ID, "web").get(1));
            }
        }
        if (Files.notExists(resources.resolve(VOLUMES_HISTORY))) {
            try (WorkflowSandbox sandbox = LifecycleScenarios.volumesSandbox()) {
                write(resources.resolve(VOLUMES_HISTORY), LifecycleScenarios.sessionVolumes(sandbox));
            }
        }
        recordIfMissing(resources, FORCED_REMOVAL_HISTORY, LifecycleScenarios::sessionForcedRemoval);
        if (Files.notExists(resources.resolve(PLACED_PART_HISTORY)) || Files.notExists(resources.resolve(HOST_HISTORY))) {
            ScriptedHost host = new ScriptedHost();
            try (WorkflowSandbox sandbox = LifecycleScenarios.placedSandbox(host)) {
                write(resources.resolve(PLACED_PART_HISTORY), LifecycleScenarios.placedPartMoves(sandbox));
                write(resources.resolve(HOST_HISTORY), LifecycleScenarios.hostLostAndBack(sandbox, host));
            }
        }
    }

    /** Records {@code file} by {@code scenario} in a sandbox of its own, unless the file exists. */
    private static void recordIfMissing(Path resources, String file,
            Function<WorkflowSandbox, WorkflowExecutionHistory> scenario) throws IOException {
        if (Files.notExists(resources.resolve(file))) {
            try (WorkflowSandbox sandbox = WorkflowSandbox.forSessions().start()) {
                write(resources.resolve(file), scenario.apply(sandbox));
            }
        }
    }

    private static void write(Path file, WorkflowExecutionHistory history) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, history.toJson(true) + "\n");
        assertTrue(Files.size(file) > 0, file.toString());
        System.out.println("recorded " + history.getEvents().size() + " events into " + file.toAbsolutePath());
    }
}
