package dev.steward.contract;

import java.util.UUID;

/** Readable, deterministic workflow ids: an operator finds a session's workflows by its id. */
public final class WorkflowIds {

    private WorkflowIds() {}

    public static String session(UUID sessionId) {
        return "session-" + sessionId;
    }

    public static String part(UUID sessionId, String partName) {
        return session(sessionId) + "-part-" + partName;
    }

    public static String host(String hostName) {
        return "host-" + hostName;
    }
}
