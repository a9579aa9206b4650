package dev.steward.contract;

/**
 * Steward's own metrics, as Micrometer names them (Prometheus shows dots as underscores, counters
 * with {@code _total}, timers with {@code _seconds}). The Grafana dashboard in {@code k8s/} uses them.
 */
public final class MetricNames {

    /** Gauge, tag {@code status}: sessions in each status. */
    public static final String SESSIONS = "steward.sessions";
    /** Gauge, tag {@code status}: pods in each status. */
    public static final String PODS = "steward.pods";
    /** Gauge, tag {@code status}: hosts in each status. */
    public static final String HOSTS = "steward.hosts";
    /** Gauge: pods that wait for a host with room now. */
    public static final String PLACEMENT_WAITING = "steward.placement.waiting";
    /** Counter: pods that found no host with room and began to wait. */
    public static final String PLACEMENT_WAITS = "steward.placement.waits";
    /** Timer: from a session's creation (POST) to its first RUNNING. */
    public static final String SESSION_STARTUP = "steward.session.startup";
    /** Timer: from a pod leaving READY because its container exited or vanished to READY again. */
    public static final String POD_REPAIR = "steward.pod.repair";
    /** Counter: exited containers started again after their backoff. */
    public static final String POD_RESTARTS = "steward.pod.restarts";
    /** Counter: pods that failed with CrashLoopBackOff. */
    public static final String POD_CRASH_LOOPS = "steward.pod.crash.loops";
    /** Counter, from the part workflows' metrics scope: reconcile passes. */
    public static final String RECONCILE_PASSES = "steward.reconcile.passes";
    /**
     * Distribution, tag {@code status}: each part's count of reconcile passes when it reached a status (the
     * API shows a part's count now).
     */
    public static final String PART_PASSES = "steward.part.passes";
    /** Timer, from the part workflows' metrics scope: how long a reconcile pass took in workflow time. */
    public static final String RECONCILE_PASS = "steward.reconcile.pass";
    /** Timer, tags {@code host}, {@code operation}, {@code outcome}: every call to a host's engine. */
    public static final String ENGINE_CALLS = "steward.engine.calls";
    /** Counter, tags {@code host}, {@code operation}, {@code kind}: engine calls that got no answer or a 5xx. */
    public static final String ENGINE_ERRORS = "steward.engine.errors";

    private MetricNames() {}
}
