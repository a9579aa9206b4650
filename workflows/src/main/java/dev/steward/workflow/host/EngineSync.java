package dev.steward.workflow.host;

import dev.steward.contract.HostSyncActivities;
import dev.steward.contract.ResyncResult;
import dev.steward.workflow.ActivityDefaults;
import dev.steward.workflow.HostStubs;
import io.temporal.activity.ActivityOptions;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.CanceledFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.CancellationScope;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import org.slf4j.Logger;

/**
 * Event relay and level-triggered resync of one engine: the relay makes a crash known to its part
 * within moments; the resync, one list call per interval, catches whatever events missed and sweeps
 * containers no one wants.
 */
final class EngineSync {

    /** A relay activity returns after this long and is started again. */
    private static final Duration RELAY_PERIOD = Duration.ofMinutes(5);
    /** How long a failed relay waits before it tries again; the resync covers meanwhile. */
    private static final Duration RELAY_RETRY = Duration.ofSeconds(1);
    private static final ActivityOptions RELAY = ActivityDefaults.heartbeating(RELAY_PERIOD.plusMinutes(1));
    /** A resync lists, sweeps and tells every part that drifted: heartbeating, it may take long on a busy host. */
    private static final ActivityOptions SYNC = ActivityDefaults.heartbeating(Duration.ofMinutes(5));
    /** How often a resync also sweeps leftover networks and volumes; the first of each run does. */
    static final Duration LEFTOVER_SWEEP_INTERVAL = Duration.ofMinutes(5);

    private static final Logger log = Workflow.getLogger(EngineSync.class);

    private final HostSyncActivities relay;
    private final HostSyncActivities sync;
    /**
     * The engine's time up to which the last relay that ended passed events on: the next starts there, so that
     * the events the engine sent while one relay handed over to the next reach their parts too.
     */
    private Long relayedUntil;
    /** Workflow time from which the next resync sweeps leftovers. */
    private long nextLeftoverSweep;

    private EngineSync(HostSyncActivities relay, HostSyncActivities sync) {
        this.relay = relay;
        this.sync = sync;
    }

    /** The host's engine: the relay on its watch queue, the resync on its queue. */
    static EngineSync on(String host) {
        return new EngineSync(HostStubs.watching(HostSyncActivities.class, RELAY).on(host),
                new HostStubs<>(HostSyncActivities.class, SYNC).on(host));
    }

    /**
     * Relays the engine's events until the returned scope is cancelled, from where the previous run's relays got;
     * nothing when events are off.
     */
    CancellationScope startRelay(HostInput input) {
        relayedUntil = input.eventsRelayedUntil();
        CancellationScope relaying = Workflow.newCancellationScope(() -> Async.procedure(() -> relayForever(input)));
        if (input.eventsEnabled()) {
            relaying.run();
        }
        return relaying;
    }

    /**
     * Where the next run's relay starts. The relay under way is cancelled with this run: the next replays the
     * events it passed on (at most one relay period's), which a part takes as it takes any event, by looking.
     */
    Long relayedUntil() {
        return relayedUntil;
    }

    void resync(HostInput input) {
        int orphanAge = (int) Math.max(1, input.resyncInterval().toSeconds());
        boolean sweepLeftovers = Workflow.currentTimeMillis() >= nextLeftoverSweep;
        try {
            ResyncResult result = sync.resync(input.deployment(), orphanAge, sweepLeftovers);
            if (sweepLeftovers) {
                nextLeftoverSweep = Workflow.currentTimeMillis() + LEFTOVER_SWEEP_INTERVAL.toMillis();
            }
            if (result.orphansRemoved() > 0) {
                log.info("host {}: removed {} orphan containers", input.host(), result.orphansRemoved());
            }
        } catch (ActivityFailure failure) {
            log.warn("host {}: resync failed, next in {}: {}", input.host(), input.resyncInterval(),
                    failure.getMessage());
        }
    }

    private void relayForever(HostInput input) {
        while (true) {
            try {
                relayedUntil = relay.relayEvents(input.deployment(), (int) RELAY_PERIOD.toSeconds(), relayedUntil);
            } catch (ActivityFailure failure) {
                if (failure.getCause() instanceof CanceledFailure) {
                    return;
                }
                // The next relay starts where the last that ended did: what this one missed, it passes on.
                log.warn("host {}: event relay failed, the resync covers until it is back: {}", input.host(),
                        failure.getMessage());
                Workflow.sleep(RELAY_RETRY);
            }
        }
    }
}
