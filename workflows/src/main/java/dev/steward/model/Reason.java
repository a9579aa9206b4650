package dev.steward.model;

import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * Every reason Steward records on a status change, with its meaning: the one catalog that code,
 * API ({@code GET /api/v1/statuses}) and docs/concepts.md share. {@link #code()} is what transitions and
 * views carry.
 */
public enum Reason {

    // ---- sessions
    CREATED("Created", "the session was created and has not been reconciled yet", Subject.SESSION),
    WAITING_FOR_PROVISION_AT("WaitingForProvisionAt", "the timeslot's provisionAt has not come yet", Subject.SESSION),
    ALL_PARTS_READY("AllPartsReady", "every part is READY or COMPLETED", Subject.SESSION),
    PARTS_NOT_READY("PartsNotReady", "some parts are still provisioning", Subject.SESSION),
    PART_FAILED("PartFailed", "a part failed: with onFailure CONTINUE the session is DEGRADED, with ABORT it is torn down"
            + " and ends FAILED", Subject.SESSION),
    ALL_PARTS_STOPPED("AllPartsStopped", "every part is stopped: no container of the session exists", Subject.SESSION),
    ALL_PARTS_DELETED("AllPartsDeleted", "every part is deleted", Subject.SESSION),
    TIMESLOT_ENDED("TimeslotEnded", "the timeslot's endAt came: the desired status became STOPPED", Subject.SESSION),
    CLEANUP_DEADLINE("CleanupDeadline", "the cleanup deadline minus the teardown budget (never before endAt) came: the desired status became"
            + " DELETED", Subject.SESSION),
    CLEANUP_DEADLINE_FORCED("CleanupDeadlineForced", "teardown had not finished a kill margin before the cleanup"
            + " deadline: every container was removed by force and the session ended EXPIRED", Subject.SESSION),
    START_UNCONFIRMED("StartUnconfirmed", "Temporal did not confirm that the session's workflow started and could not"
            + " be asked: the session was recorded FAILED; a workflow that did start records its own status over it",
            Subject.SESSION),
    RESUMED("Resumed", "the session's workflow was missing from Temporal (not found, or closed while the session had"
            + " not ended): a new run was started from the read model, adopting the containers and placements it"
            + " found", Subject.SESSION),
    EVENT("Event", "a CloudEvent caused the change: the message names its type, source and id", Subject.SESSION,
            Subject.PART),

    // ---- sessions and parts: the desired status cascaded down
    DESIRED_STOPPED("DesiredStopped", "the desired status is STOPPED: containers are being removed",
            Subject.SESSION, Subject.PART, Subject.POD),
    DESIRED_DELETED("DesiredDeleted", "the desired status is DELETED: containers are being removed",
            Subject.SESSION, Subject.PART, Subject.POD),

    // ---- parts
    NOT_STARTED("NotStarted", "the part's workflow has not started yet", Subject.PART),
    NEVER_STARTED("NeverStarted", "the session stopped or was deleted before the part's gate opened", Subject.PART),
    WAITING_FOR_PARTS("WaitingForParts", "the part's gate waits for the parts it names in after", Subject.PART),
    AWAITING_EVENT("AwaitingEvent", "the part waits for an event of a type it names in awaits, addressed to its"
            + " session", Subject.PART),
    PART_RESTARTED("PartRestarted", "the part's workflow closed while its session still needed it (terminated,"
            + " failed or timed out): the session starts it again, at once the first time, and the new run adopts"
            + " its pods' containers and placements", Subject.PART),
    ALL_PODS_READY("AllPodsReady", "every pod is READY (or a COMPLETED job)", Subject.PART),
    PODS_NOT_READY("PodsNotReady", "some pods are still being created or started", Subject.PART),
    POD_FAILED("PodFailed", "more pods failed than maxUnhealthy allows", Subject.PART),
    PROGRESS_DEADLINE_EXCEEDED("ProgressDeadlineExceeded", "the part was not READY and none of its pods changed status"
            + " for its progress deadline (progressDeadlineSeconds, or steward.reconcile.progress-deadline): it failed,"
            + " and its onFailure applies; a pod that changes status again makes it progress", Subject.PART),
    WITHIN_MAX_UNHEALTHY("WithinMaxUnhealthy", "some pods failed, no more than maxUnhealthy allows", Subject.PART),
    ALL_JOBS_COMPLETED("AllJobsCompleted", "every pod is a job and every job completed", Subject.PART),
    ALL_PODS_STOPPED("AllPodsStopped", "no container of the part exists", Subject.PART),
    ALL_PODS_REMOVED("AllPodsRemoved", "no container of the part exists and the part is deleted", Subject.PART),

    // ---- pods
    NOT_RECONCILED("NotReconciled", "the pod has not been reconciled yet", Subject.POD),
    PULLING("Pulling", "the pod's image is being pulled on its host (its pull policy is always, or the host does not"
            + " have it)", Subject.POD),
    PULLED("Pulled", "the pod's image was pulled on its host: its container is created next", Subject.POD),
    IMAGE_PULL_FAILED("ImagePullFailed", "the registry refused the pod's image (no such image, or credentials refused):"
            + " the pod failed", Subject.POD),
    IMAGE_PULL_BACK_OFF("ImagePullBackOff", "the image's registry could not be reached: the pull is tried again after a"
            + " backoff", Subject.POD),
    CREATING("Creating", "the pod's container is being created", Subject.POD),
    CONTAINER_MISSING("ContainerMissing", "the pod's container is gone: a new one is being created", Subject.POD),
    CONTAINER_CREATED("Created", "the new container is being started", Subject.POD),
    NOT_RUNNING("NotRunning", "a created but stopped container is being started", Subject.POD),
    RUNNING("Running", "the container runs (no readiness check)", Subject.POD),
    READINESS_PASSED("ReadinessPassed", "the container runs and its readiness check passes", Subject.POD),
    READINESS_FAILING("ReadinessFailing", "the container runs but its readiness check does not pass", Subject.POD),
    BACK_OFF("BackOff", "the container exited and restarts at nextRestartAt", Subject.POD),
    BACK_OFF_ELAPSED("BackOffElapsed", "the backoff passed: the exited container is started again", Subject.POD),
    CRASH_LOOP_BACK_OFF("CrashLoopBackOff", "the container exited more often than maxRestarts allows: the pod failed",
            Subject.POD),
    COMPLETED("Completed", "the job exited 0", Subject.POD),
    DEADLINE_EXCEEDED("DeadlineExceeded", "the job ran longer than its activeDeadlineSeconds and was stopped",
            Subject.POD),
    ROLLED_OUT("RolledOut", "a changed spec replaced the container: the new one was ready before the old one went",
            Subject.POD),
    LIMITS_UPDATED("LimitsUpdated", "the pod's changed limits were applied to its running container in place: it"
            + " keeps its container", Subject.POD),
    LIMITS_REPLACED("LimitsReplaced", "the pod's changed limits could not be applied in place (the engine has no update"
            + " call, refused them, or a limit was lifted): its container is replaced", Subject.POD),
    ROLLOUT_FAILED("RolloutFailed", "the new container was not ready within the rollout deadline: the old one keeps"
            + " running", Subject.POD),
    UNSCHEDULABLE("Unschedulable", "no host can take the pod (no room, its volume on another host, a host port"
            + " taken): it waits", Subject.POD),
    PLACED("Placed", "the pod was placed on a host", Subject.POD),
    ALREADY_PLACED("AlreadyPlaced", "the pod holds a placement on a host that takes pods already", Subject.POD),
    HOST_LOST("HostLost", "the pod's host was unreachable longer than steward.hosts.lost-after: the pod is placed again",
            Subject.POD),
    HOST_DRAINING("HostDraining", "the pod's host drains: the pod is placed on another host", Subject.POD),
    HOST_DISABLED("HostDisabled", "the pod's host was disabled: its container was removed and the pod is placed again",
            Subject.POD),
    MOVED_OFF_DRAINING_HOST("MovedOffDrainingHost", "the pod moved off a draining host without stopping to serve",
            Subject.POD),
    MOVE_FAILED("MoveFailed", "the pod could not move off its draining host yet: it keeps running and tries again",
            Subject.POD),
    SCALED_DOWN("ScaledDown", "the pod is a replica its pod's spec no longer has: its container is removed and its room"
            + " given back", Subject.POD),
    NO_CONTAINER("NoContainer", "no container of the pod exists", Subject.POD),
    INVALID_SPEC("InvalidSpec", "the engine refused the pod's spec (for example an image it does not have)",
            Subject.POD),
    ENGINE_ERROR("EngineError", "an engine call kept failing after its retries (parts started before an unreachable"
            + " engine made pods UNKNOWN)", Subject.POD),
    HOST_UNREACHABLE("HostUnreachable", "the pod's host engine did not answer (after the engine call's retries): the"
            + " pod is UNKNOWN, counts no restart and escalates nothing, and is looked at again every resync interval",
            Subject.POD),

    // ---- a pod's last exit
    EXIT_COMPLETED("Completed", "the container exited 0", Subject.POD_EXIT),
    EXIT_ERROR("Error", "the container exited with a non-zero code", Subject.POD_EXIT),
    EXIT_OOM_KILLED("OOMKilled", "the container was killed for exceeding its memory limit", Subject.POD_EXIT),

    // ---- hosts
    PROBE_SUCCEEDED("ProbeSucceeded", "the host's engine answered its probe", Subject.HOST),
    PROBE_FAILED("ProbeFailed", "the host's engine did not answer its probe", Subject.HOST),
    HOST_ENABLED("Enabled", "the operator enabled the host, or stopped draining it", Subject.HOST),
    HOST_SET_DRAINING("Draining", "the operator drains the host: its pods move to other hosts", Subject.HOST),
    HOST_SET_DISABLED("Disabled", "the operator disabled the host: its pods stop there", Subject.HOST),

    // ---- session conditions
    NO_PART_FAILED("NoPartFailed", "no part has failed under onFailure CONTINUE", Subject.CONDITION);

    /** What a reason is given to. */
    public enum Subject { SESSION, PART, POD, POD_EXIT, HOST, CONDITION }

    private final String code;
    private final String meaning;
    private final Set<Subject> subjects;

    Reason(String code, String meaning, Subject... subjects) {
        this.code = code;
        this.meaning = meaning;
        this.subjects = Set.of(subjects);
    }

    /** What transitions, views and the API carry. */
    public String code() {
        return code;
    }

    public String meaning() {
        return meaning;
    }

    /** What this reason is given to. */
    public Set<Subject> subjects() {
        return subjects;
    }

    /** Whether {@code reason}, as recorded, is this one. */
    public boolean is(String reason) {
        return code.equals(reason);
    }

    /** The reasons given to one subject, in catalog order. */
    public static List<Reason> of(Subject subject) {
        return Arrays.stream(values()).filter(r -> r.subjects.contains(subject)).toList();
    }
}
