package dev.steward.activity;

import java.util.Map;
import java.util.UUID;

/** The labels every Steward container carries; they say who owns it and which spec made it. */
public final class StewardLabels {

    public static final String MANAGED = "steward.managed";
    public static final String SESSION = "steward.session";
    public static final String PART = "steward.part";
    public static final String POD = "steward.pod";
    public static final String GENERATION = "steward.generation";
    public static final String SPEC_HASH = "steward.spec-hash";

    private StewardLabels() {}

    public static Map<String, String> forPod(UUID sessionId, String part, String pod, long generation, String specHash) {
        return Map.of(
                MANAGED, "true",
                SESSION, sessionId.toString(),
                PART, part,
                POD, pod,
                GENERATION, Long.toString(generation),
                SPEC_HASH, specHash);
    }

    /** The labels that select every container of one part. */
    public static Map<String, String> forPart(UUID sessionId, String part) {
        return Map.of(MANAGED, "true", SESSION, sessionId.toString(), PART, part);
    }

    /** The labels that select every container of one session. */
    public static Map<String, String> forSession(UUID sessionId) {
        return Map.of(MANAGED, "true", SESSION, sessionId.toString());
    }
}
