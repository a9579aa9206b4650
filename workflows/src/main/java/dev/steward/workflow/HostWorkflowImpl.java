package dev.steward.workflow;

import dev.steward.activity.HostSyncActivities;
import dev.steward.activity.ResyncResult;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.CanceledFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.CancellationScope;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import org.slf4j.Logger;

/**
 * Event relay plus level-triggered resync for one host: the relay makes a crash known to its part
 * within moments; the resync, one list call per interval, catches whatever events missed.
 */
public class HostWorkflowImpl implements HostWorkflow {

    /** Resync passes per run before continuing as new, so the history stays bounded. */
    static final int PASSES_PER_RUN = 100;
    /** A relay activity returns after this long and is started again. */
    private static final Duration RELAY_PERIOD = Duration.ofMinutes(5);

    private static final Logger log = Workflow.getLogger(HostWorkflowImpl.class);

    private final HostSyncActivities relay = Workflow.newActivityStub(HostSyncActivities.class,
            ActivityDefaults.heartbeating(RELAY_PERIOD.plusMinutes(1)));
    private final HostSyncActivities sync =
            Workflow.newActivityStub(HostSyncActivities.class, ActivityDefaults.withTimeout(Duration.ofMinutes(1)));

    @Override
    public void run(HostInput input) {
        CancellationScope relaying = Workflow.newCancellationScope(() -> Async.procedure(() -> relayForever(input)));
        if (input.eventsEnabled()) {
            relaying.run();
        }
        int orphanAge = (int) Math.max(1, input.resyncInterval().toSeconds());
        for (int pass = 0; pass < PASSES_PER_RUN && !Workflow.getInfo().isContinueAsNewSuggested(); pass++) {
            long started = Workflow.currentTimeMillis();
            try {
                ResyncResult result = sync.resync(input.deployment(), orphanAge);
                if (result.orphansRemoved() > 0) {
                    log.info("host {}: removed {} orphan containers", input.host(), result.orphansRemoved());
                }
            } catch (ActivityFailure failure) {
                log.warn("host {}: resync failed, next in {}: {}", input.host(), input.resyncInterval(),
                        failure.getMessage());
            }
            // At a fixed rate: a slow resync does not stretch the interval the sweep promises.
            long elapsed = Workflow.currentTimeMillis() - started;
            if (elapsed < input.resyncInterval().toMillis()) {
                Workflow.sleep(input.resyncInterval().minusMillis(elapsed));
            }
        }
        relaying.cancel();
        Workflow.continueAsNew(input);
    }

    private void relayForever(HostInput input) {
        while (true) {
            try {
                relay.relayEvents(input.deployment(), (int) RELAY_PERIOD.toSeconds());
            } catch (ActivityFailure failure) {
                if (failure.getCause() instanceof CanceledFailure) {
                    return;
                }
                log.warn("host {}: event relay failed, the resync covers until it is back: {}", input.host(),
                        failure.getMessage());
                Workflow.sleep(Duration.ofSeconds(1));
            }
        }
    }
}
