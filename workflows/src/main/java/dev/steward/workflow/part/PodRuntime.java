package dev.steward.workflow.part;

import dev.steward.model.ExitInfo;
import io.temporal.workflow.CancellationScope;

/**
 * What a part workflow remembers about one pod between passes: its host, restart history and probe.
 * Carried over continue-as-new with its {@link PartState}, in the order its fields are declared.
 */
final class PodRuntime {

    int restarts;
    /** n in min(base·2ⁿ, cap) for the next restart. */
    int exponent;
    ExitInfo lastExit;
    /** Workflow millis of the pending restart while backing off, else {@code null}. */
    Long restartAt;
    /** Workflow millis Steward last started the current container, 0 when it did not. */
    long startedAt;
    /** For jobs with an active deadline: workflow millis it ends, else {@code null}. */
    Long deadlineAt;
    /** The generation in which the pod reached a final state (COMPLETED or FAILED), or -1. */
    long finishedInGeneration = -1;
    /** The generation whose rolling replace failed; it is not tried again in it. */
    long rolloutFailedInGeneration = -1;

    /** The host the pod is placed on, or {@code null}; always {@code null} for parts started before placement. */
    String host;
    /** Whether the pod fits nowhere and waits for room. */
    boolean waitingForRoom;
    /** Workflow millis of the next placement attempt while unschedulable or blocked on a draining host, else {@code null}. */
    Long placeRetryAt;
    /** Workflow millis the pod is looked at again while its host engine does not answer (UNKNOWN), else {@code null}. */
    Long engineRetryAt;

    /** Workflow millis of the next pull of the pod's image while its registry cannot be reached, else {@code null}. */
    Long pullRetryAt;
    /** Pulls in a row that found the registry unreachable: the exponent of the next pull's backoff. */
    int pullFailures;

    boolean ready;
    String probeMessage;
    /** The limits applied in place to the current container since Steward last started it, or {@code null}. */
    AppliedLimits appliedLimits;
    /** The probe runs in this run only: a run that continued as new starts it again from {@link #ready}. */
    transient String probedContainer;
    transient CancellationScope probe;

    void stopProbe() {
        if (probe != null) {
            probe.cancel();
        }
        probe = null;
        probedContainer = null;
        ready = false;
    }

    void resetBackoff() {
        restarts = 0;
        exponent = 0;
    }
}
