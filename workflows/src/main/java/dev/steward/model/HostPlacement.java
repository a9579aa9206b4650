package dev.steward.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Chooses the host for a pod. Pure: the caller reads the hosts and their usage and reserves the
 * choice, in one transaction, so no two choices see the same free room.
 */
public final class HostPlacement {

    /** Fractions of CPUs add up with rounding errors; this much over capacity still fits. */
    private static final double CPU_EPSILON = 1e-9;

    private HostPlacement() {}

    /**
     * @param hosts every registered host
     * @param demand what the pod reserves besides its pod slot
     * @param hostSelector labels a host must carry, each with the same value
     * @param strategy how to choose among the hosts the pod fits on
     */
    public static PlacementDecision choose(List<HostCandidate> hosts, PodResources demand,
            Map<String, String> hostSelector, PlacementStrategy strategy) {
        PodResources need = demand == null ? PodResources.NONE : demand;
        Map<String, String> selector = hostSelector == null ? Map.of() : hostSelector;
        List<HostCandidate> fitting = new ArrayList<>();
        List<String> refusals = new ArrayList<>();
        for (HostCandidate host : hosts) {
            String refusal = refusal(host, need, selector);
            if (refusal == null) {
                fitting.add(host);
            } else {
                refusals.add(host.name() + ": " + refusal);
            }
        }
        if (fitting.isEmpty()) {
            String why = hosts.isEmpty() ? "no host is registered" : String.join("; ", refusals);
            return new PlacementDecision(null, Reason.UNSCHEDULABLE.code(),
                    "no host fits " + describe(need) + ": " + why);
        }
        HostCandidate chosen = fitting.stream().min(order(strategy)).orElseThrow();
        return new PlacementDecision(chosen.name(), Reason.PLACED.code(),
                "placed on " + chosen.name() + " (" + chosen.used().pods() + " pods there before) by strategy "
                        + strategy.name().toLowerCase(Locale.ROOT) + " (steward.placement.strategy), "
                        + fitting.size() + " of " + hosts.size() + " hosts fit");
    }

    /**
     * Like {@link #choose(List, PodResources, Map, PlacementStrategy)}, for a pod whose volume is on a
     * host already: only that host may take it, and when it cannot the decision says why.
     *
     * @param affinity where the pod's volume is, {@code null} when none of its volumes is anywhere yet
     */
    public static PlacementDecision choose(List<HostCandidate> hosts, PodResources demand,
            Map<String, String> hostSelector, PlacementStrategy strategy, VolumeAffinity affinity) {
        if (affinity == null) {
            return choose(hosts, demand, hostSelector, strategy);
        }
        List<HostCandidate> pinned = hosts.stream().filter(h -> h.name().equals(affinity.host())).toList();
        if (pinned.isEmpty()) {
            return new PlacementDecision(null, Reason.UNSCHEDULABLE.code(), affinity.describe()
                    + ", and that host is not one this pod may go on");
        }
        PlacementDecision decision = choose(pinned, demand, hostSelector, strategy);
        return new PlacementDecision(decision.host(), decision.reason(), decision.message() + "; " + affinity.describe());
    }

    /** Why the pod cannot go on this host, or {@code null} when it can. */
    static String refusal(HostCandidate host, PodResources need, Map<String, String> selector) {
        if (!host.takesPods()) {
            return host.whyNoPods();
        }
        for (Map.Entry<String, String> wanted : selector.entrySet()) {
            if (!wanted.getValue().equals(host.labels().get(wanted.getKey()))) {
                return "label " + wanted.getKey() + "=" + wanted.getValue() + " does not match";
            }
        }
        HostCapacity cap = host.capacity();
        HostCapacity used = host.used();
        if (cap.pods() != null && used.pods() + 1 > cap.pods()) {
            return "no free pod slot (" + used.pods() + "/" + cap.pods() + ")";
        }
        if (cap.cpus() != null && need.cpus() != null && used.cpus() + need.cpus() > cap.cpus() + CPU_EPSILON) {
            return "not enough cpus (" + used.cpus() + " of " + cap.cpus() + " used)";
        }
        if (cap.memoryMb() != null && need.memoryMb() != null && used.memoryMb() + need.memoryMb() > cap.memoryMb()) {
            return "not enough memory (" + used.memoryMb() + " of " + cap.memoryMb() + " MiB used)";
        }
        return null;
    }

    /** Best first; ties go to the name, so equal hosts are chosen the same way every time. */
    private static Comparator<HostCandidate> order(PlacementStrategy strategy) {
        Comparator<HostCandidate> byLoad = Comparator.comparingInt((HostCandidate h) -> h.used().pods())
                .thenComparing(Comparator.comparingInt(HostCandidate::freePods).reversed());
        Comparator<HostCandidate> best = strategy == PlacementStrategy.BINPACK ? byLoad.reversed() : byLoad;
        return best.thenComparing(HostCandidate::name);
    }

    private static String describe(PodResources need) {
        StringBuilder text = new StringBuilder("a pod needing 1 pod slot");
        if (need.cpus() != null) {
            text.append(", ").append(need.cpus()).append(" cpus");
        }
        if (need.memoryMb() != null) {
            text.append(", ").append(need.memoryMb()).append(" MiB");
        }
        return text.toString();
    }
}
