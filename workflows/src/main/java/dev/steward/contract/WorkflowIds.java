package dev.steward.contract;

import java.util.UUID;

/** Readable, deterministic workflow ids: an operator finds a session's workflows by its id. */
public final class WorkflowIds {

    private WorkflowIds() {}

    private static final String SESSION_PREFIX = "session-";
    private static final String PART_INFIX = "-part-";
    private static final String HOST_PREFIX = "host-";
    private static final int UUID_LENGTH = 36;

    public static String session(UUID sessionId) {
        return SESSION_PREFIX + sessionId;
    }

    public static String part(UUID sessionId, String partName) {
        return session(sessionId) + PART_INFIX + partName;
    }

    public static String host(String hostName) {
        return HOST_PREFIX + hostName;
    }

    /** The session a session or part workflow id names, or {@code null} for any other id. */
    public static String sessionOf(String workflowId) {
        if (!workflowId.startsWith(SESSION_PREFIX) || workflowId.length() < SESSION_PREFIX.length() + UUID_LENGTH) {
            return null;
        }
        return workflowId.substring(SESSION_PREFIX.length(), SESSION_PREFIX.length() + UUID_LENGTH);
    }

    /** The part a part workflow id names, or {@code null} for any other id. */
    public static String partOf(String workflowId) {
        String session = sessionOf(workflowId);
        String prefix = SESSION_PREFIX + session + PART_INFIX;
        return session != null && workflowId.startsWith(prefix) ? workflowId.substring(prefix.length()) : null;
    }

    /** The host a host workflow id names, or {@code null} for any other id. */
    public static String hostOf(String workflowId) {
        return workflowId.startsWith(HOST_PREFIX) ? workflowId.substring(HOST_PREFIX.length()) : null;
    }
}
