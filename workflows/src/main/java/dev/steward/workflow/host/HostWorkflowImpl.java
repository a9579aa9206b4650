package dev.steward.workflow.host;

import dev.steward.contract.HostActivities;
import dev.steward.contract.HostProbe;
import dev.steward.contract.HostStatusChange;
import dev.steward.contract.HostSyncActivities;
import dev.steward.contract.PlacementActivities;
import dev.steward.contract.ResyncResult;
import dev.steward.model.HostStatus;
import dev.steward.workflow.ActivityDefaults;
import dev.steward.workflow.ChangeIds;
import dev.steward.workflow.HostStubs;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.ApplicationFailure;
import io.temporal.failure.CanceledFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.CancellationScope;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import org.slf4j.Logger;

/**
 * Health, event relay and level-triggered resync for one host. Each probe is recorded and may tell
 * the parts placed on the host that it stopped taking pods ({@link HostLoss}); the relay makes a
 * crash known to its part within moments; the resync, one list call per interval, catches whatever
 * events missed and sweeps containers no one wants.
 */
public class HostWorkflowImpl implements HostWorkflow {

    /** Resync passes per run before continuing as new, so the history stays bounded. */
    static final int PASSES_PER_RUN = 100;
    /** A relay activity returns after this long and is started again. */
    private static final Duration RELAY_PERIOD = Duration.ofMinutes(5);
    /** How long a failed relay waits before it tries again; the resync covers meanwhile. */
    private static final Duration RELAY_RETRY = Duration.ofSeconds(1);

    private static final Logger log = Workflow.getLogger(HostWorkflowImpl.class);

    /** The service's own engine, for runs started before probing. */
    private final HostSyncActivities relay = Workflow.newActivityStub(HostSyncActivities.class,
            ActivityDefaults.heartbeating(RELAY_PERIOD.plusMinutes(1)));
    private final HostSyncActivities sync =
            Workflow.newActivityStub(HostSyncActivities.class, ActivityDefaults.withTimeout(Duration.ofMinutes(1)));
    /** The host's engine, on its own task queue. */
    private final HostStubs<HostSyncActivities> hostRelay = new HostStubs<>(HostSyncActivities.class,
            ActivityDefaults.heartbeating(RELAY_PERIOD.plusMinutes(1)));
    private final HostStubs<HostSyncActivities> hostSync =
            new HostStubs<>(HostSyncActivities.class, ActivityDefaults.withTimeout(Duration.ofMinutes(1)));
    private final HostActivities health =
            Workflow.newActivityStub(HostActivities.class, ActivityDefaults.withTimeout(Duration.ofSeconds(30)));
    private final PlacementActivities placement =
            Workflow.newActivityStub(PlacementActivities.class, ActivityDefaults.withTimeout(Duration.ofSeconds(30)));

    private boolean checkRequested;
    /** The settings a worker process sent last, or {@code null}: the input's apply. */
    private HostInput configured;

    @Override
    public void run(HostInput input) {
        if (Workflow.getVersion(ChangeIds.HOST_PROBING, Workflow.DEFAULT_VERSION, 1) == Workflow.DEFAULT_VERSION) {
            relayAndResync(input, relay, sync);
            return;
        }
        HostSyncActivities engineRelay = hostRelay.on(input.host());
        HostSyncActivities engineSync = hostSync.on(input.host());
        CancellationScope relaying = startRelay(input, engineRelay);
        HostWatch watch = input.watch() != null ? input.watch() : new HostWatch(null, null, null);
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
                log.warn("host {}: probing failed: {}", input.host(), failure.getMessage());
                Workflow.await(settings.probeInterval(), () -> checkRequested);
                continue;
            }
            boolean cameBack = change.to() == HostStatus.READY && watch.status() == HostStatus.UNREACHABLE;
            HostLossDecision decision = HostLoss.afterProbe(input.host(), watch, change.to(),
                    Workflow.currentTimeMillis(), settings.lostAfter());
            watch = tell(input.host(), watch, decision);
            if (decision.roomMayHaveAppeared()) {
                wakeUnschedulable(input.host());
            }
            // A disabled host that answers is swept too: the containers its pods left behind go.
            if (probe.reachable() && (cameBack || Workflow.currentTimeMillis() >= nextResync)) {
                resync(settings, engineSync);
                nextResync = Workflow.currentTimeMillis() + settings.resyncInterval().toMillis();
            }
            Workflow.await(settings.probeInterval(), () -> checkRequested);
        }
        relaying.cancel();
        Workflow.continueAsNew(settings(input).next(watch));
    }

    /**
     * Sends the decision's notice, if any. @return what the workflow knows now: the decision's watch,
     * or, when the parts could not be told, that watch with the last notice they did hear, so the next
     * probe tells them again.
     */
    private HostWatch tell(String host, HostWatch before, HostLossDecision decision) {
        if (decision.notice() == null) {
            return decision.watch();
        }
        try {
            int told = health.notifyParts(decision.notice());
            log.info("host {}: told {} parts: {}", host, told, decision.notice().message());
            return decision.watch();
        } catch (ActivityFailure failure) {
            log.warn("host {}: telling its parts failed, the next probe tries again: {}", host, failure.getMessage());
            HostWatch next = decision.watch();
            return new HostWatch(next.status(), next.unreachableSince(), before.told());
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

    /** Runs started before probing: relay and resync the service's own engine at a fixed rate. */
    private void relayAndResync(HostInput input, HostSyncActivities relayCalls, HostSyncActivities syncCalls) {
        CancellationScope relaying = startRelay(input, relayCalls);
        for (int pass = 0; pass < PASSES_PER_RUN && !Workflow.getInfo().isContinueAsNewSuggested(); pass++) {
            long started = Workflow.currentTimeMillis();
            resync(input, syncCalls);
            // At a fixed rate: a slow resync does not stretch the interval the sweep promises.
            long elapsed = Workflow.currentTimeMillis() - started;
            if (elapsed < input.resyncInterval().toMillis()) {
                Workflow.sleep(input.resyncInterval().minusMillis(elapsed));
            }
        }
        relaying.cancel();
        Workflow.continueAsNew(input);
    }

    private void resync(HostInput input, HostSyncActivities syncCalls) {
        int orphanAge = (int) Math.max(1, input.resyncInterval().toSeconds());
        try {
            ResyncResult result = syncCalls.resync(input.deployment(), orphanAge);
            if (result.orphansRemoved() > 0) {
                log.info("host {}: removed {} orphan containers", input.host(), result.orphansRemoved());
            }
        } catch (ActivityFailure failure) {
            log.warn("host {}: resync failed, next in {}: {}", input.host(), input.resyncInterval(),
                    failure.getMessage());
        }
    }

    private CancellationScope startRelay(HostInput input, HostSyncActivities relayCalls) {
        CancellationScope relaying = Workflow.newCancellationScope(
                () -> Async.procedure(() -> relayForever(input, relayCalls)));
        if (input.eventsEnabled()) {
            relaying.run();
        }
        return relaying;
    }

    private void relayForever(HostInput input, HostSyncActivities relayCalls) {
        while (true) {
            try {
                relayCalls.relayEvents(input.deployment(), (int) RELAY_PERIOD.toSeconds());
            } catch (ActivityFailure failure) {
                if (failure.getCause() instanceof CanceledFailure) {
                    return;
                }
                log.warn("host {}: event relay failed, the resync covers until it is back: {}", input.host(),
                        failure.getMessage());
                Workflow.sleep(RELAY_RETRY);
            }
        }
    }

    private static boolean isUnknownHost(ActivityFailure failure) {
        return failure.getCause() instanceof ApplicationFailure app && HostActivities.UNKNOWN_HOST.equals(app.getType());
    }
}
