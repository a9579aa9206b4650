package dev.steward.workflow.support;

import dev.steward.contract.PlacementActivities;
import dev.steward.contract.PlacementRequest;
import dev.steward.contract.PlacementResult;
import dev.steward.model.Reason;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;

/**
 * In-memory placement with the contract of {@link PlacementActivities}: pod slots per host, spread
 * (fewest placed pods, then name), a pod keeps a host that takes pods, and one that moves holds both
 * placements until the old one is released. Tests can stop a host from taking pods, change room, and
 * hold placements to keep a part's first pass in flight.
 */
public final class FakePlacementActivities implements PlacementActivities {

    private final Map<String, Integer> slots = new LinkedHashMap<>();
    private final Set<String> notTakingPods = new HashSet<>();
    /** Placements: session/part/pod to its hosts, oldest first. */
    private final Map<String, List<String>> placed = new LinkedHashMap<>();
    private final List<String> released = new ArrayList<>();
    private final AtomicInteger wakes = new AtomicInteger();
    private final AtomicInteger refusals = new AtomicInteger();
    /** Runs once a pod is placed, before the placement answers: (pod, host). */
    private volatile BiConsumer<String, String> onPlaced = (pod, host) -> {};
    private volatile CountDownLatch placementsHeld;

    /** Hosts with unlimited room. */
    public FakePlacementActivities(String... hosts) {
        for (String host : hosts) {
            slots.put(host, Integer.MAX_VALUE);
        }
    }

    @Override
    public PlacementResult place(PlacementRequest request) {
        awaitPlacementsReleased();
        return placeNow(request);
    }

    private synchronized PlacementResult placeNow(PlacementRequest request) {
        String pod = key(request.sessionId(), request.part(), request.pod());
        List<String> held = placed.computeIfAbsent(pod, k -> new ArrayList<>());
        for (String host : held) {
            if (!notTakingPods.contains(host)) {
                return new PlacementResult(host, Reason.ALREADY_PLACED.code(), "already placed on " + host, null);
            }
        }
        String chosen = slots.keySet().stream()
                .filter(host -> !notTakingPods.contains(host) && !held.contains(host))
                .filter(host -> podsOn(host) < slots.get(host))
                .min(Comparator.comparingInt(this::podsOn).thenComparing(Comparator.naturalOrder()))
                .orElse(null);
        if (chosen == null) {
            refusals.incrementAndGet();
            return new PlacementResult(null, "Unschedulable", "no host has room for the pod", null);
        }
        String replaces = held.isEmpty() ? null : held.get(0);
        held.add(chosen);
        onPlaced.accept(request.pod(), chosen);
        return new PlacementResult(chosen, "Placed", "placed on " + chosen, replaces);
    }

    @Override
    public synchronized List<PlacementResult> placeAll(List<PlacementRequest> requests) {
        return requests.stream().map(this::place).toList();
    }

    @Override
    public synchronized void release(UUID sessionId, String part, String pod, String host) {
        List<String> held = placed.getOrDefault(key(sessionId, part, pod), new ArrayList<>());
        if (host == null) {
            held.forEach(h -> released.add(pod + "@" + h));
            held.clear();
        } else if (held.remove(host)) {
            released.add(pod + "@" + host);
        }
    }

    @Override
    public int wakeUnschedulable() {
        wakes.incrementAndGet();
        return 0;
    }

    @Override
    public synchronized List<String> hostNames() {
        return List.copyOf(new TreeSet<>(slots.keySet()));
    }

    // ---- what tests arrange and look at

    public synchronized void setSlots(String host, int pods) {
        slots.put(host, pods);
    }

    public synchronized void stopTakingPods(String host) {
        notTakingPods.add(host);
    }

    public void onPlaced(BiConsumer<String, String> action) {
        onPlaced = action;
    }

    public synchronized void takePods(String host) {
        notTakingPods.remove(host);
    }

    public synchronized int podsOn(String host) {
        return (int) placed.values().stream().filter(held -> held.contains(host)).count();
    }

    /** How many placements found no room. */
    public int refusals() {
        return refusals.get();
    }

    /** How often the waiting pods were woken. */
    public int wakes() {
        return wakes.get();
    }

    /** Every release of a placement, as {@code pod@host}, in order. */
    public synchronized List<String> released() {
        return List.copyOf(released);
    }

    /** Placing blocks until {@link #releasePlacements()}: a part's first pass stays in flight, before it reports. */
    public void holdPlacements() {
        placementsHeld = new CountDownLatch(1);
    }

    public void releasePlacements() {
        CountDownLatch held = placementsHeld;
        placementsHeld = null;
        if (held != null) {
            held.countDown();
        }
    }

    private void awaitPlacementsReleased() {
        CountDownLatch held = placementsHeld;
        if (held == null) {
            return;
        }
        try {
            if (!held.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("placements were held for more than 30 s; did a test forget to release?");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while placements were held", e);
        }
    }

    private static String key(UUID sessionId, String part, String pod) {
        return sessionId + "/" + part + "/" + pod;
    }
}
