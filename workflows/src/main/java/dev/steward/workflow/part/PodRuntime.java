package dev.steward.workflow.part;

import dev.steward.model.ExitInfo;
import dev.steward.model.PodSpec;
import io.temporal.workflow.CancellationScope;
import io.temporal.workflow.Workflow;
import java.time.Instant;

/**
 * What a part workflow remembers about one pod between passes: its host, restart history, pull
 * backoff, applied limits and probe. The one owner of that state: collaborators change it only
 * through its intent methods (place, schedule a restart, finish, ...), each of which keeps the fields
 * that belong together consistent. Times are workflow millis.
 *
 * <p>Carried over continue-as-new with its {@link PartState}: Temporal's JSON converter writes its
 * fields, in the order they are declared, so a field is never renamed, removed or moved, and no method
 * is a public getter (which the converter would write too).
 */
final class PodRuntime {

    private int restarts;
    /** n in min(base·2ⁿ, cap) for the next restart. */
    private int exponent;
    private ExitInfo lastExit;
    /** The pending restart while backing off, else {@code null}. */
    private Long restartAt;
    /** When Steward last started the current container, 0 when it did not. */
    private long startedAt;
    /** For jobs with an active deadline: when it ends, else {@code null}. */
    private Long deadlineAt;
    /** The generation in which the pod reached a final state (COMPLETED or FAILED), or -1. */
    private long finishedInGeneration = -1;
    /** The generation whose rolling replace failed; it is not tried again in it. */
    private long rolloutFailedInGeneration = -1;

    /** The host the pod is placed on, or {@code null}; always {@code null} for parts started before placement. */
    private String host;
    /** Whether the pod fits nowhere and waits for room. */
    private boolean waitingForRoom;
    /** The next placement attempt while unschedulable or blocked on a draining host, else {@code null}. */
    private Long placeRetryAt;
    /** When the pod is looked at again while its host engine does not answer (UNKNOWN), else {@code null}. */
    private Long engineRetryAt;

    /** The next pull of the pod's image while its registry cannot be reached, else {@code null}. */
    private Long pullRetryAt;
    /** Pulls in a row that found the registry unreachable: the exponent of the next pull's backoff. */
    private int pullFailures;

    private boolean ready;
    private String probeMessage;
    /** The limits applied in place to the current container since Steward last started it, or {@code null}. */
    private AppliedLimits appliedLimits;
    /** The probe runs in this run only: a run that continued as new starts it again from {@link #ready}. */
    private transient String probedContainer;
    private transient CancellationScope probe;

    /**
     * The earliest moment after {@code now} something of the pod is due: its restart, its job's deadline,
     * or a retry of its placement, of its engine or of its image's pull; {@code null} when nothing is.
     * A restart or deadline already due counts; a retry that passed was tried in the pass just run.
     */
    Long nextDue(long now) {
        Long due = null;
        for (Long at : new Long[] {restartAt, deadlineAt, future(placeRetryAt, now), future(engineRetryAt, now),
                future(pullRetryAt, now)}) {
            if (at != null && (due == null || at < due)) {
                due = at;
            }
        }
        return due;
    }

    private static Long future(Long at, long now) {
        return at != null && at > now ? at : null;
    }

    // Placement.

    /** The host the pod is placed on; {@code null} while it has none. */
    String host() {
        return host;
    }

    /** The pod holds room on a host, or waits for some. */
    boolean holdsPlacement() {
        return host != null || waitingForRoom;
    }

    /** Placement gave the pod room on {@code host}. */
    void placeOn(String host) {
        this.host = host;
        waitingForRoom = false;
        placeRetryAt = null;
    }

    /** The pod fits nowhere: it waits for room, and is placed again at {@code retryAt} unless woken sooner. */
    void awaitRoom(long retryAt) {
        waitingForRoom = true;
        placeRetryAt = retryAt;
    }

    /** The pod stays where it is for now (it cannot move off its draining host), and tries again at {@code retryAt}. */
    void retryPlacementAt(long retryAt) {
        placeRetryAt = retryAt;
    }

    /** When the pod is placed again while it waits or cannot move; {@code null} when it is not. */
    Long placeRetryAt() {
        return placeRetryAt;
    }

    /** The pod left its host (lost, disabled or drained): it is placed again, its probe gone with the container. */
    void leaveHost() {
        stopProbe();
        host = null;
    }

    /** The pod gave back its room, or its wait for room: it has no host. */
    void unplace() {
        host = null;
        waitingForRoom = false;
        placeRetryAt = null;
    }

    /** The pod's new container on {@code host} was ready before the old one elsewhere was removed. */
    void movedTo(String host, long now) {
        placeOn(host);
        stopProbe();
        ready = true;
        startedAt = now;
    }

    // Starts, exits and restarts.

    /**
     * Steward started the pod's current container at {@code now}: the limits it has are those it was
     * created with, and a job with an active deadline gets its deadline, once.
     */
    void started(PodSpec pod, long now) {
        startedAt = now;
        // An engine that does not keep an update starts the container with the limits it was created with.
        appliedLimits = null;
        if (pod.isJob() && pod.activeDeadlineSeconds() != null && deadlineAt == null) {
            deadlineAt = startedAt + pod.activeDeadlineSeconds() * 1000L;
        }
    }

    /** A new container replaced the old one beside it (a rolling replace) at {@code now}. */
    void replaced(long now) {
        stopProbe();
        startedAt = now;
    }

    /** Whether the job's active deadline has passed at {@code now}. */
    boolean pastDeadline(long now) {
        return deadlineAt != null && now >= deadlineAt;
    }

    /** The container exited with {@code exit}, to be decided on: what a restart decision reads. */
    PodExit exited(PodSpec pod, ExitInfo exit, long now) {
        lastExit = exit;
        long ran = startedAt > 0 ? now - startedAt : 0;
        return new PodExit(pod, exit, restarts, exponent, ran, now);
    }

    int restarts() {
        return restarts;
    }

    ExitInfo lastExit() {
        return lastExit;
    }

    /** Whether a restart is pending, its backoff not yet elapsed when it was last looked at. */
    boolean backingOff() {
        return restartAt != null;
    }

    /** The restart decided after an exit: the {@code restarts}th, with the next backoff's {@code exponent}, at {@code at}. */
    void scheduleRestart(int restarts, int exponent, long at) {
        this.restarts = restarts;
        this.exponent = exponent;
        restartAt = at;
    }

    /** The pending restart is due at {@code at} (now, for an operator's restart). */
    void restartAt(long at) {
        restartAt = at;
    }

    /** A pending restart, if any, is due at {@code now}: an operator reset the backoff or asked for a restart. */
    void hurryRestart(long now) {
        if (restartAt != null) {
            restartAt = now;
        }
    }

    /** Takes the pending restart when it is due at {@code now}; @return whether it was */
    boolean takeDueRestart(long now) {
        if (restartAt != null && now >= restartAt) {
            restartAt = null;
            return true;
        }
        return false;
    }

    /** No restart is pending: the container runs, or the pod is stopped or removed. */
    void cancelRestart() {
        restartAt = null;
    }

    /** When the pending restart is due; {@code null} when none is. */
    Instant nextRestart() {
        return restartAt == null ? null : Instant.ofEpochMilli(restartAt);
    }

    /** An operator forgot the pod's crashes: its next restart is the first in the window. */
    void resetBackoff() {
        restarts = 0;
        exponent = 0;
    }

    // Final states.

    /** The pod reached a final state (COMPLETED or FAILED) in {@code generation}: nothing more is due. */
    void finishIn(long generation) {
        finishedInGeneration = generation;
        restartAt = null;
        deadlineAt = null;
        stopProbe();
    }

    /** The engine refused the pod in {@code generation}: it is FAILED in it. */
    void refusedIn(long generation) {
        finishedInGeneration = generation;
        stopProbe();
    }

    /** Whether the pod reached a final state in {@code generation}. */
    boolean finishedIn(long generation) {
        return finishedInGeneration == generation;
    }

    /** An operator asked for the pod again: a final state is forgotten, and so is a job's deadline. */
    void runAgain() {
        finishedInGeneration = -1;
        deadlineAt = null;
    }

    /** The rolling replace of {@code generation} failed: it is not tried again in it. */
    void rolloutFailedIn(long generation) {
        rolloutFailedInGeneration = generation;
    }

    boolean rolloutFailed(long generation) {
        return rolloutFailedInGeneration == generation;
    }

    // The engine, and the image's pull.

    /** The pod's engine did not answer, or could not start it yet: it is looked at again at {@code at}. */
    void lookAgainAt(long at) {
        engineRetryAt = at;
    }

    /** The pod's engine is asked again now: no retry is due. */
    void lookingAgain() {
        engineRetryAt = null;
    }

    /** Whether the pod waits at {@code now} for its image's pull to be tried again (ImagePullBackOff). */
    boolean pullBackingOff(long now) {
        return pullRetryAt != null && pullRetryAt > now;
    }

    /** Pulls in a row that found the registry unreachable. */
    int pullFailures() {
        return pullFailures;
    }

    /** The registry could not be reached once more: the pull is tried again at {@code retryAt}. */
    void pullFailedUntil(long retryAt) {
        pullFailures++;
        pullRetryAt = retryAt;
    }

    /** The image is on the pod's host: no pull backs off. */
    void pulled() {
        pullRetryAt = null;
        pullFailures = 0;
    }

    // Limits.

    /** The limits applied in place to the current container since its last start; {@code null} for none. */
    AppliedLimits appliedLimits() {
        return appliedLimits;
    }

    void limitsApplied(AppliedLimits applied) {
        appliedLimits = applied;
    }

    /** The container the limits were applied to is gone, or replaced. */
    void limitsGone() {
        appliedLimits = null;
    }

    // Readiness.

    boolean ready() {
        return ready;
    }

    /** What the last readiness check said; {@code null} before the first. */
    String probeMessage() {
        return probeMessage;
    }

    /** Whether the probe of this run watches {@code containerId}. */
    boolean probes(String containerId) {
        return containerId.equals(probedContainer);
    }

    /** Starts {@code loop} in a scope of its own as the probe of {@code containerId}; it runs while {@link #probes} it. */
    void watch(String containerId, Runnable loop) {
        probedContainer = containerId;
        probeMessage = null;
        probe = Workflow.newCancellationScope(loop);
        probe.run();
    }

    /** The probe of {@code containerId} saw its readiness change. */
    void readinessChanged(boolean ready, String message) {
        this.ready = ready;
        probeMessage = message;
    }

    /** Cancels the probe, if one runs: the container's readiness is not known any more. */
    void stopProbe() {
        if (probe != null) {
            probe.cancel();
        }
        probe = null;
        probedContainer = null;
        ready = false;
    }
}
