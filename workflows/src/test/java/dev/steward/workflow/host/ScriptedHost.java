package dev.steward.workflow.host;

import dev.steward.contract.HostActivities;
import dev.steward.contract.HostNotice;
import dev.steward.contract.HostProbe;
import dev.steward.contract.HostStatusChange;
import dev.steward.model.HostHealth;
import dev.steward.model.HostHealthDecision;
import dev.steward.model.HostState;
import dev.steward.model.HostStatus;
import io.temporal.failure.ApplicationFailure;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/** An engine the test switches on and off, and operator switches, decided by the real {@link HostHealth}. */
public final class ScriptedHost implements HostActivities {

    public volatile boolean reachable = true;
    volatile boolean draining;
    public volatile boolean deleted;
    /** How many notices fail to reach the parts before they get through again. */
    final AtomicInteger noticesLost = new AtomicInteger();
    final AtomicInteger probes = new AtomicInteger();
    private HostState state = new HostState(HostStatus.UNKNOWN, true, false, 0, false);
    public final List<HostNotice> told = new CopyOnWriteArrayList<>();
    /** The hosts whose parts were asked for a pass, in order. */
    public final List<String> woken = new CopyOnWriteArrayList<>();

    @Override
    public HostProbe probe(String hostName) {
        probes.incrementAndGet();
        return new HostProbe(reachable, reachable ? "5.0" : null, null, 0, reachable ? null : "refused",
                Instant.now());
    }

    @Override
    public synchronized HostStatusChange recordProbe(UUID probeId, String hostName, HostProbe probe) {
        if (deleted) {
            throw ApplicationFailure.newNonRetryableFailure("host " + hostName + " is not registered",
                    HostActivities.UNKNOWN_HOST);
        }
        HostState before = new HostState(state.status(), true, draining, state.failedProbes(),
                state.everReachable());
        HostHealthDecision decision = HostHealth.afterProbe(before, probe.reachable(), "5.0", 2);
        state = new HostState(decision.status(), true, draining, decision.failedProbes(),
                before.everReachable() || probe.reachable());
        return new HostStatusChange(hostName, before.status(), decision.status(), decision.reason(),
                decision.message(), decision.failedProbes());
    }

    @Override
    public int notifyParts(HostNotice notice) {
        if (noticesLost.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
            throw ApplicationFailure.newNonRetryableFailure("signalling the parts failed", "Unavailable");
        }
        told.add(notice);
        return 1;
    }

    @Override
    public int wakeParts(String hostName) {
        woken.add(hostName);
        return 1;
    }
}
