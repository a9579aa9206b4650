package dev.steward.workflow.host;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.steward.contract.HostSyncActivities;
import dev.steward.contract.ResyncResult;
import dev.steward.contract.WorkflowIds;
import dev.steward.workflow.support.Eventually;
import dev.steward.workflow.support.WorkflowSandbox;
import io.temporal.activity.Activity;
import io.temporal.client.ActivityCompletionException;
import io.temporal.client.WorkflowClient;
import io.temporal.failure.ApplicationFailure;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Each relay of the host's engine events starts where the last one that ended got, also after one failed. */
class HostEventRelayTest {

    private static final String HOST = "h1";

    private final ScriptedRelay relay = new ScriptedRelay();

    @RegisterExtension
    final WorkflowSandbox sandbox = new WorkflowSandbox(HostWorkflowImpl.class).onHosts(HOST)
            .withActivities(new ScriptedHost()).withActivitiesOn(HOST, relay);

    @Test
    public void eachRelayStartsWhereTheLastOneThatEndedGot() {
        HostWorkflow workflow = sandbox.newWorkflowStub(HostWorkflow.class, WorkflowIds.host(HOST));
        WorkflowClient.start(workflow::run, new HostInput(HOST, "steward", Duration.ofMinutes(10), true,
                Duration.ofSeconds(10), Duration.ofSeconds(60), null, null));

        List<Long> sinces = Eventually.await("four relays started", () -> new ArrayList<>(relay.sinces),
                started -> started.size() >= 4);

        assertEquals(Arrays.asList(null, 100L, 100L, 300L), sinces.subList(0, 4),
                "the first from now; the second from the first's end; after the second failed, the third from the"
                        + " first's end again; the fourth from the third's");
    }

    /** Relays that end at once with scripted times, the second failing; the fourth watches until it is stopped. */
    static final class ScriptedRelay implements HostSyncActivities {

        final List<Long> sinces = Collections.synchronizedList(new ArrayList<>());

        @Override
        public Long relayEvents(String deployment, int seconds, Long since) {
            sinces.add(since);
            return switch (sinces.size()) {
                case 1 -> 100L;
                case 2 -> throw ApplicationFailure.newNonRetryableFailure("the event stream ended", "test");
                case 3 -> 300L;
                default -> watchUntilStopped(since);
            };
        }

        private static Long watchUntilStopped(Long since) {
            try {
                while (true) {
                    Activity.getExecutionContext().heartbeat(since);
                    Thread.sleep(100);
                }
            } catch (ActivityCompletionException stopped) {
                return since;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return since;
            }
        }

        @Override
        public ResyncResult resync(String deployment, int orphanAgeSeconds, boolean sweepLeftovers) {
            return new ResyncResult(0, 0, 0, 0);
        }
    }
}
