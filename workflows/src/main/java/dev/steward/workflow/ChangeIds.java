package dev.steward.workflow;

/**
 * The change ids given to {@code Workflow.getVersion}, one constant per workflow type and change.
 * A running execution that recorded a change id keeps the branch it took, so none of these may be
 * renamed or reused; each is read by the one workflow type its name starts with.
 */
public final class ChangeIds {

    /** Sessions started before timeslots, gates and escalation keep the commands they recorded. */
    public static final String SESSION_TIMESLOTS = "timeslot-gates-escalation";
    /**
     * The kill path clears every registered host, not only the service's own engine. It shares its
     * id with {@link #PART_PLACED_PODS} because both were recorded under that id in the same release.
     */
    public static final String SESSION_KILL_ON_EVERY_HOST = "placed-pods";
    /** Sessions tore down at cleanup deadline minus the teardown budget even before their slot's end. */
    public static final String SESSION_END_BEFORE_TEARDOWN = "end-before-teardown";

    /** The kill path's wait outlasts its removal loop by a second, so its timer is never cancelled as it fires. */
    public static final String SESSION_KILL_WAITS_PAST_REMOVAL = "kill-waits-past-removal";
    /** A run started from the read model records that it resumed the session. */
    public static final String SESSION_RESUMED = "session-resumed";

    /**
     * Sessions counted a generation raised while their cascade's signals went out as cascaded, so its
     * parts never heard it (a DELETE during a timeslot move left the parts running); since, only the
     * generation sent counts.
     */
    public static final String SESSION_CASCADES_WHAT_IT_SENT = "cascades-what-it-sent";
    /** Sessions waited at each transition until PostgreSQL took it; since, one it does not take at once is queued. */
    public static final String SESSION_TRANSITIONS_QUEUED = "session-transitions-queued";

    /**
     * Parts may await CloudEvents before they start, and be completed by one; a session with such a part
     * records this once, when it first meets one.
     */
    public static final String SESSION_PART_EVENTS = "session-part-events";

    /**
     * Sessions signalled the run of each part they started and their parts ran as one execution; since,
     * parts are signalled by workflow id and continue as new when their history grows long.
     */
    public static final String SESSION_PARTS_CONTINUE_AS_NEW = "parts-continue-as-new";

    /**
     * Sessions left their volumes to each host's next resync after they ended; since, the last step
     * of their teardown removes them, before the session records its end.
     */
    public static final String SESSION_REMOVES_VOLUMES = "session-removes-volumes";

    /** Parts waited at each transition until PostgreSQL took it; since, one it does not take at once is queued. */
    public static final String PART_TRANSITIONS_QUEUED = "part-transitions-queued";
    /** Parts re-listed their containers on a timer of their own before the host drove resyncs. */
    public static final String PART_EVENT_DRIVEN = "event-driven-pods";
    /** Parts ran every pod on the service's own engine before each pod was placed on a host. */
    public static final String PART_PLACED_PODS = "placed-pods";
    /** Parts failed a pod whose engine did not answer (EngineError) before such a pod was UNKNOWN (HostUnreachable). */
    public static final String PART_UNREACHABLE_IS_UNKNOWN = "unreachable-is-unknown";
    /** Parts reported the status of a pass that a new generation overtook, before passes reported only a current one. */
    public static final String PART_REPORTS_CURRENT_GENERATION = "reports-current-generation";
    /**
     * Parts wrote each transition before going on; since, they queue every one and write what is
     * queued in one activity behind the pass, and wait for it only before reporting to the session.
     */
    public static final String PART_TRANSITIONS_WRITTEN_BEHIND = "part-transitions-written-behind";
    /**
     * Parts ran a pass at every relayed start of their containers; since, the start of a pod's current
     * container that the part has STARTING or READY, while it wants it running, wakes no pass.
     */
    public static final String PART_OWN_STARTS_QUIET = "part-own-starts-quiet";
    /** Parts waited the backoff base at a pod's first crash; since, the first crash in the stable window restarts at once. */
    public static final String PART_FIRST_RESTART_IMMEDIATE = "first-restart-immediate";

    /** A part may be marked COMPLETED by a CloudEvent (completesOn); a part that is records this once. */
    public static final String PART_COMPLETES_ON_EVENT = "part-completes-on-event";

    /** Parts created containers from images already on the host before they pulled missing (or always-pulled) images. */
    public static final String PART_PULLS_IMAGES = "pulls-images";

    /**
     * A container whose host port was taken failed its pod as an engine error before; since, the pod
     * is PENDING (Unschedulable) on its host and its start is tried again every resync interval.
     */
    public static final String PART_HOST_PORT_TAKEN = "host-port-taken";

    /** Parts hashed a pod's spec without its CPUs before they became the container's CPU limit. */
    public static final String PART_CPU_LIMITS = "cpu-limits";

    /**
     * Parts named a pod's container by a spec hash that holds its limits, so a change of limits replaced
     * the container; since, the name's hash leaves them out and a change of limits is applied in place.
     */
    public static final String PART_LIMITS_IN_PLACE = "limits-in-place";

    /**
     * Parts kept the pods they started with before replicas: a spec change that adds or removes pods
     * (replicas scaled) adds them to the part or removes their containers and room.
     */
    public static final String PART_REPLICAS = "pod-replicas";

    /** Host workflows only relayed and resynced the service's own engine before they probed hosts. */
    public static final String HOST_PROBING = "probing-hosts";

    /**
     * Host workflows told their parts nothing until an unreachable host was lost; since, a host that
     * turns UNREACHABLE asks its parts for a pass, which finds the engine away and shows the pods UNKNOWN.
     */
    public static final String HOST_WAKES_PARTS_WHEN_UNREACHABLE = "host-wakes-parts-when-unreachable";

    private ChangeIds() {}
}
