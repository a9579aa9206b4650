package dev.steward.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.List;

/**
 * An ordered part of a session and its pods.
 *
 * @param name unique within its session, a DNS label
 * @param pods the part's pods
 * @param after the parts this one waits for before it starts; empty to start at once
 * @param when what it waits for in those parts; READY when absent
 * @param onFailure what the session does when this part fails; ABORT when absent
 * @param maxUnhealthy how many of its pods may fail before the part counts as failed: a count
 *     ({@code "1"}) or a percentage of its pods ({@code "50%"}); none ({@code "0"}) when absent
 * @param awaits the CloudEvents the part waits for, besides its gate, before it starts; none when absent
 * @param completesOn the CloudEvent that marks the part COMPLETED (its pods stop); none when absent
 * @param progressDeadlineSeconds how long the part may go without READY and without any pod changing status
 *     before it fails with ProgressDeadlineExceeded; the deployment's {@code steward.reconcile.progress-deadline}
 *     when absent
 */
public record PartSpec(
        String name, List<PodSpec> pods, List<String> after, PartGate when, FailurePolicy onFailure,
        String maxUnhealthy, List<EventAwait> awaits, EventAwait completesOn, Integer progressDeadlineSeconds) {

    public PartSpec {
        pods = pods == null ? List.of() : pods;
        after = after == null ? List.of() : after;
        when = when == null ? PartGate.READY : when;
        onFailure = onFailure == null ? FailurePolicy.ABORT : onFailure;
        maxUnhealthy = maxUnhealthy == null ? "0" : maxUnhealthy;
        awaits = awaits == null ? List.of() : awaits;
    }

    /** A part that awaits no event. */
    public PartSpec(String name, List<PodSpec> pods, List<String> after, PartGate when, FailurePolicy onFailure,
            String maxUnhealthy) {
        this(name, pods, after, when, onFailure, maxUnhealthy, null, null, null);
    }

    /** The part's pods with each replica a pod of its own, in spec order: what its workflow runs. */
    @JsonIgnore
    public List<PodSpec> instances() {
        return pods.stream().flatMap(pod -> pod.instances().stream()).toList();
    }

    /** A part with no gate that aborts its session when one of its pods fails. */
    public PartSpec(String name, List<PodSpec> pods) {
        this(name, pods, null, null, null, null);
    }

    /** The same part whose pods are {@code pods}. */
    public PartSpec withPods(List<PodSpec> pods) {
        return new PartSpec(name, pods, after, when, onFailure, maxUnhealthy, awaits, completesOn,
                progressDeadlineSeconds);
    }
}
