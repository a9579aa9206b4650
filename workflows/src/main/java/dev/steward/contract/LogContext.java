package dev.steward.contract;

import org.slf4j.MDC;

/**
 * The log context of a session's work: its session, part and pod (and a host workflow's host),
 * taken from the Temporal workflow id, put in the MDC next to the keys Temporal sets itself
 * ({@code WorkflowId}, {@code RunId}, {@code WorkflowType}, {@code TaskQueue}, {@code Namespace},
 * and for activities {@code ActivityId}, {@code ActivityType}). Workflow and activity threads are
 * pooled, so every key is either set or removed: nothing of an earlier task stays behind.
 */
public final class LogContext {

    public static final String SESSION = "sessionId";
    public static final String PART = "part";
    public static final String POD = "pod";
    public static final String HOST = "host";

    private LogContext() {}

    /** The context of the workflow {@code workflowId} (or of an activity it scheduled), with no pod. */
    public static void enter(String workflowId) {
        put(SESSION, WorkflowIds.sessionOf(workflowId));
        put(PART, WorkflowIds.partOf(workflowId));
        put(HOST, WorkflowIds.hostOf(workflowId));
        put(POD, null);
    }

    /** Names the pod the work is about, or none. */
    public static void pod(String pod) {
        put(POD, pod);
    }

    /** Removes every key this class sets. */
    public static void clear() {
        MDC.remove(SESSION);
        MDC.remove(PART);
        MDC.remove(HOST);
        MDC.remove(POD);
    }

    private static void put(String key, String value) {
        if (value == null) {
            MDC.remove(key);
        } else {
            MDC.put(key, value);
        }
    }
}
