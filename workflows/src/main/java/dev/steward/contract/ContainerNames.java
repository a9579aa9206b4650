package dev.steward.contract;

import java.util.UUID;

/**
 * Deterministic container names. '_' cannot occur in part or pod names, so no two pods share a
 * name; the spec-hash prefix gives a changed spec a new name, so old and new can coexist.
 */
public final class ContainerNames {

    private static final int HASH_PREFIX = 12;

    private ContainerNames() {}

    public static String of(UUID sessionId, String part, String pod, String specHash) {
        return "steward_" + sessionId + "_" + part + "_" + pod + "_" + specHash.substring(0, HASH_PREFIX);
    }
}
