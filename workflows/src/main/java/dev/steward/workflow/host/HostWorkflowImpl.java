package dev.steward.workflow.host;

import dev.steward.contract.HostActivities;
import dev.steward.contract.HostProbe;
import dev.steward.contract.HostStatusChange;
import dev.steward.contract.PlacementActivities;
import dev.steward.model.HostStatus;
import dev.steward.contract.DatabaseRefusals;
import dev.steward.workflow.ActivityDefaults;
import dev.steward.workflow.ActivityFailures;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.ApplicationFailure;
import io.temporal.workflow.CancellationScope;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import org.slf4j.Logger;

/**
 * Health, event relay and level-triggered resync for one host. Each probe is recorded, and the
 * {@link HostPlanner} decides what follows: whether the parts placed on the host hear that it
 * stopped taking pods ({@link HostLoss}), whether pods waiting for room try again, and when the
 * host's engine is resynced; {@link EngineSync} relays and resyncs that engine.
 */
public class HostWorkflowImpl implements HostWorkflow {

    /** Resync passes per run before continuing as new, so the history stays bounded. */
    static final int PASSES_PER_RUN = 100;

    private static final Logger log = Workflow.getLogger(HostWorkflowImpl.class);

    private final HostActivities health =
            Workflow.newActivityStub(HostActivities.class, ActivityDefaults.withTimeout(Duration.ofSeconds(30)));
    /** Telling the host's parts signals each of them, heartbeating: thousands may take longer than a probe. */
    private final HostActivities parts =
            Workflow.newActivityStub(HostActivities.class, ActivityDefaults.heartbeating(Duration.ofMinutes(5)));
    private final PlacementActivities placement =
            Workflow.newActivityStub(PlacementActivities.class, ActivityDefaults.withTimeout(Duration.ofSeconds(30)));
    private final HostPlanner planner = new HostPlanner();

    private boolean checkRequested;
    /** The settings a worker process sent last, or {@code null}: the input's apply. */
    private HostInput configured;

    @Override
    public void run(HostInput input) {
        EngineSync engine = EngineSync.on(input.host());
        CancellationScope relaying = engine.startRelay(input);
        HostWatchState watch = input.watch() != null ? input.watch() : new HostWatchState(null, null, null);
        long nextResync = Workflow.currentTimeMillis();
        for (int pass = 0; pass < PASSES_PER_RUN && !Workflow.getInfo().isContinueAsNewSuggested(); pass++) {
            HostInput settings = settings(input);
            checkRequested = false;
            HostProbe probe;
            HostStatusChange change;
            try {
                probe = health.probe(input.host());
                change = health.recordProbe(Workflow.randomUUID(), input.host(), probe);
            } catch (ActivityFailure failure) {
                if (isUnknownHost(failure)) {
                    log.info("host {}: no longer registered; its workflow ends", input.host());
                    relaying.cancel();
                    return;
                }
                if (ActivityFailures.isNotInDatabase(failure)) {
                    String why = "host " + input.host() + " is not in this deployment's database (its workflow is"
                            + " another deployment's, or its row was deleted): " + ActivityFailures.rootMessage(failure)
                            + "; the workflow fails, nothing is retried";
                    log.error(why);
                    relaying.cancel();
                    throw ApplicationFailure.newNonRetryableFailure(why, DatabaseRefusals.NOT_IN_DATABASE);
                }
                log.warn("host {}: probing failed: {}", input.host(), failure.getMessage());
                Workflow.await(settings.probeInterval(), () -> checkRequested);
                continue;
            }
            HostPlan plan = planner.plan(new HostObservation(input.host(), watch, change.to(), probe.reachable(),
                    Workflow.currentTimeMillis(), settings.lostAfter(), nextResync));
            watch = tell(input.host(), plan);
            if (change.to() == HostStatus.UNREACHABLE && change.from() != HostStatus.UNREACHABLE) {
                wakeParts(input.host());
            }
            if (plan.wakeUnschedulable()) {
                wakeUnschedulable(input.host());
            }
            // Telling the parts took time: whether the resync is due is read off the clock as it is now.
            if (plan.resyncAt() != null && Workflow.currentTimeMillis() >= plan.resyncAt()) {
                engine.resync(settings);
                nextResync = Workflow.currentTimeMillis() + settings.resyncInterval().toMillis();
            }
            Workflow.await(settings.probeInterval(), () -> checkRequested);
        }
        relaying.cancel();
        Workflow.continueAsNew(settings(input).next(watch, engine.relayedUntil()));
    }

    /** Sends the plan's notice, if any. @return what the workflow knows now, as the plan says for either outcome */
    private HostWatchState tell(String host, HostPlan plan) {
        if (plan.notice() == null) {
            return plan.watch();
        }
        try {
            int told = parts.notifyParts(plan.notice());
            log.info("host {}: told {} parts: {}", host, told, plan.notice().message());
            return plan.watch();
        } catch (ActivityFailure failure) {
            log.warn("host {}: telling its parts failed, the next probe tries again: {}", host, failure.getMessage());
            return plan.watchIfUntold();
        }
    }

    /** Its parts look at their pods now: a pass finds the engine away and shows them UNKNOWN. */
    private void wakeParts(String host) {
        try {
            log.info("host {}: unreachable; asked {} parts to look at their pods", host, parts.wakeParts(host));
        } catch (ActivityFailure failure) {
            // Each part still finds the engine away on its next pass, whatever asks for it.
            log.warn("host {}: asking its parts to look at their pods failed: {}", host, failure.getMessage());
        }
    }

    private void wakeUnschedulable(String host) {
        try {
            placement.wakeUnschedulable();
        } catch (ActivityFailure failure) {
            // The waiting parts try again on their own within their placement retry.
            log.warn("host {}: waking parts with waiting pods failed: {}", host, failure.getMessage());
        }
    }

    @Override
    public void configure(HostInput settings) {
        configured = settings;
    }

    /** The settings in force: the last configured, else the run's input. */
    private HostInput settings(HostInput input) {
        return configured == null ? input : configured;
    }

    @Override
    public void checkNow() {
        checkRequested = true;
    }

    private static boolean isUnknownHost(ActivityFailure failure) {
        return failure.getCause() instanceof ApplicationFailure app && HostActivities.UNKNOWN_HOST.equals(app.getType());
    }
}
