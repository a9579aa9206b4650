package dev.steward.workflow.part;

import dev.steward.contract.HostNotice;
import dev.steward.contract.PlacementActivities;
import dev.steward.contract.PlacementRequest;
import dev.steward.contract.PlacementResult;
import dev.steward.model.PodSpec;
import dev.steward.model.PodStatus;
import dev.steward.model.Reason;
import dev.steward.workflow.ActivityDefaults;
import dev.steward.workflow.LazyStub;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** Where each pod runs: a host from placement, the room it holds there given back, a retry for one that fits nowhere. */
final class PodPlacement {

    /** A pod that fits nowhere, or cannot move off a draining host, tries again this often even if nothing wakes it. */
    private static final Duration PLACEMENT_RETRY = Duration.ofSeconds(30);

    private static final Duration PLACEMENT_TIMEOUT = Duration.ofSeconds(30);

    private final PartState state;
    private final PodTransitions transitions;
    private final LazyStub<PlacementActivities> placement = new LazyStub<>(
            () -> Workflow.newActivityStub(PlacementActivities.class, ActivityDefaults.database(PLACEMENT_TIMEOUT)));
    /** Where pods are placed: {@link #placement}, or the same calls as local activities. */
    private final PlacementActivities choosing;

    /** @param locally whether a host is chosen by a local activity, without a round trip to the server */
    PodPlacement(PartState state, PodTransitions transitions, boolean locally) {
        this.state = state;
        this.transitions = transitions;
        this.choosing = locally
                ? Workflow.newLocalActivityStub(PlacementActivities.class, ActivityDefaults.localDatabase(PLACEMENT_TIMEOUT))
                : placement.get();
    }

    /**
     * Places the pod on a host; one that fits nowhere waits PENDING, {@code Unschedulable}, until
     * room appears (a release wakes the part) or the placement retry is due.
     *
     * @return whether the pod has a host now
     */
    boolean place(PodSpec pod, PodRuntime rt) {
        return take(pod, rt, ask(pod));
    }

    /**
     * Places, in one call, every pod of {@code pods} that has no host, as {@link #place} places each: a new
     * part's pods cost one placement, not one each.
     */
    void placeUnplaced(List<PodSpec> pods) {
        List<PodSpec> unplaced = pods.stream().filter(pod -> state.runtimes.get(pod.name()).host() == null).toList();
        if (unplaced.isEmpty()) {
            return;
        }
        List<PlacementResult> results = heard(() -> choosing.placeAll(unplaced.stream().map(this::request).toList()));
        for (int i = 0; i < unplaced.size(); i++) {
            take(unplaced.get(i), state.runtimes.get(unplaced.get(i).name()), results.get(i));
        }
    }

    private boolean take(PodSpec pod, PodRuntime rt, PlacementResult result) {
        if (!result.placed()) {
            rt.awaitRoom(retryAt());
            if (!Reason.UNSCHEDULABLE.is(state.pods.get(pod.name()).reason())) {
                transitions.record(pod, PodStatus.PENDING, Reason.UNSCHEDULABLE.code(), result.message(), null);
            }
            return false;
        }
        rt.placeOn(result.host());
        return true;
    }

    /**
     * Asks placement for a host. The host it chose took pods when it was chosen, so a notice of it the
     * part heard before asking is stale and is forgotten; one heard while asking is newer and is kept.
     */
    PlacementResult ask(PodSpec pod) {
        return heard(() -> List.of(choosing.place(request(pod)))).getFirst();
    }

    /** Asks placement with {@code ask}, and forgets what the part heard of each host chosen before it asked. */
    private List<PlacementResult> heard(Supplier<List<PlacementResult>> ask) {
        Map<String, HostNotice> heardBefore = Map.copyOf(state.hostsNotTakingPods);
        List<PlacementResult> results = ask.get();
        for (PlacementResult result : results) {
            HostNotice heard = result.placed() ? heardBefore.get(result.host()) : null;
            if (heard != null && state.hostsNotTakingPods.get(result.host()) == heard) {
                state.hostsNotTakingPods.remove(result.host());
            }
        }
        return results;
    }

    private PlacementRequest request(PodSpec pod) {
        return new PlacementRequest(state.sessionId, state.name, pod.name(), pod.resources(), pod.hostSelector());
    }

    /** The pod has no container left: the room it held on its host, or its wait for room, is given back. */
    void releaseEverywhere(PodSpec pod, PodRuntime rt) {
        if (!rt.holdsPlacement()) {
            return;
        }
        release(pod, null);
        rt.unplace();
    }

    /** Gives back the room the pod holds on {@code host}, or on every host (and its wait for room) when {@code null}. */
    void release(PodSpec pod, String host) {
        placement.get().release(state.sessionId, state.name, pod.name(), host);
    }

    /** The pod stays where it is, and is placed again at the placement retry unless something wakes the part sooner. */
    void retryLater(PodRuntime rt) {
        rt.retryPlacementAt(retryAt());
    }

    private static long retryAt() {
        return Workflow.currentTimeMillis() + PLACEMENT_RETRY.toMillis();
    }
}
