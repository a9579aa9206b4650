package dev.steward.workflow;

/**
 * The ids of workflow changes that alter the commands a running workflow issues, each read by
 * {@code Workflow.getVersion} in the one workflow type its name begins with (see docs/versioning.md).
 * Never renamed or reused: a running execution that recorded one keeps its branch.
 */
public final class ChangeIds {

    /**
     * Version 1: a part asks placement by a local activity; the first pass of a part that adopts no
     * containers lists none (none can exist yet); and the engine's start of a pod's container while the
     * part creates it asks for no pass (it is the part's own). The default branch asks placement by an
     * activity, lists the part's containers before every pass, and passes again at such a start.
     */
    public static final String PART_FEWER_ROUND_TRIPS = "part-fewer-round-trips";

    /**
     * Version 1: a session's first try at writing each transition is a local activity. The default branch
     * tries it by an activity.
     */
    public static final String SESSION_LOCAL_FIRST_WRITES = "session-local-first-writes";

    /**
     * Version 1: a part's first try at writing what it has queued is a local activity, so the pass that
     * makes a pod READY reports the part to the session in the same workflow task. The default branch
     * tries it by an activity.
     */
    public static final String PART_LOCAL_FIRST_WRITES = "part-local-first-writes";

    /**
     * Version 1: the parts a pass of the session's loop lets start are asked for in one workflow task, then
     * each start is confirmed. The default branch asks for each part's start once the one before it started.
     */
    public static final String SESSION_PARTS_STARTED_TOGETHER = "session-parts-started-together";

    /**
     * Version 1: a new part's first workflow task sends its engine calls (the creates of its pods) without
     * waiting for the write of what it queued (its pods CREATING), whose first try is then in the next task,
     * with what that task adds. The default branch tries it in the first task, which completes once it is done.
     */
    public static final String PART_ENGINE_CALLS_FIRST = "part-engine-calls-first";

    /**
     * Version 1: a session's conditions are written with the status change that changes them, in its transition's
     * write, which its id guards against a late retry; no activity of their own. The default branch writes them by
     * an activity after the transition.
     */
    public static final String SESSION_CONDITIONS_WITH_STATUS = "session-conditions-with-status";

    /**
     * Version 1: when the last engine call of a part's pass answers, the write of what its pods queued waits for the
     * rest of the pass (the part's own status), so the task writes once. The default branch writes the pods' in one
     * write and the rest in a second, in the same workflow task.
     */
    public static final String PART_PASS_IN_ONE_WRITE = "part-pass-in-one-write";

    private ChangeIds() {}
}
