package dev.steward.workflow.host;

import dev.steward.contract.HostSyncActivities;
import dev.steward.contract.ResyncResult;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/** Counts resyncs and which of them swept leftovers; relays return at once, as if each watch period ended. */
public final class CountingSync implements HostSyncActivities {

    final AtomicInteger resyncs = new AtomicInteger();
    /** The ordinals (from 0) of the resyncs that swept leftover networks and volumes. */
    final List<Integer> sweeps = new CopyOnWriteArrayList<>();

    @Override
    public Long relayEvents(String deployment, int seconds, Long since) {
        return since;
    }

    @Override
    public ResyncResult resync(String deployment, int orphanAgeSeconds, boolean sweepLeftovers) {
        int ordinal = resyncs.getAndIncrement();
        if (sweepLeftovers) {
            sweeps.add(ordinal);
        }
        return new ResyncResult(0, 0, 0, 0);
    }
}
