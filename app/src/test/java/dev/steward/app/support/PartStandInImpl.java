package dev.steward.app.support;

import dev.steward.contract.HostNotice;
import dev.steward.contract.HostResync;
import io.temporal.workflow.Workflow;
import java.util.ArrayList;
import java.util.List;

public class PartStandInImpl implements PartStandIn {

    private int reconciles;
    private final List<HostNotice> notices = new ArrayList<>();
    private final List<HostResync> resyncs = new ArrayList<>();

    @Override
    public void run() {
        Workflow.await(() -> false);
    }

    @Override
    public void reconcileNow() {
        reconciles++;
    }

    @Override
    public void hostChanged(HostNotice notice) {
        notices.add(notice);
    }

    @Override
    public void resyncHost(HostResync resync) {
        resyncs.add(resync);
    }

    @Override
    public int reconciles() {
        return reconciles;
    }

    @Override
    public List<HostNotice> notices() {
        return List.copyOf(notices);
    }

    @Override
    public List<HostResync> resyncs() {
        return List.copyOf(resyncs);
    }
}
