package dev.steward.contract;

import java.util.HashMap;
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
    /** Which Steward deployment made it: a host sweep only ever touches its own deployment's containers. */
    public static final String DEPLOYMENT = "steward.deployment";

    /** The host the pod was placed on when the container was made; a pod that moved leaves it behind. */
    public static final String HOST = "steward.host";

    private StewardLabels() {}

    /** @param host the host the pod is placed on; {@code null} for pods started before placement */
    public static Map<String, String> forPod(UUID sessionId, String part, String pod, long generation, String specHash,
            String deployment, String host) {
        Map<String, String> labels = new HashMap<>(Map.of(
                MANAGED, "true",
                DEPLOYMENT, deployment,
                SESSION, sessionId.toString(),
                PART, part,
                POD, pod,
                GENERATION, Long.toString(generation),
                SPEC_HASH, specHash));
        if (host != null) {
            labels.put(HOST, host);
        }
        return Map.copyOf(labels);
    }

    /** The labels that select every container of one part. */
    public static Map<String, String> forPart(UUID sessionId, String part) {
        return Map.of(MANAGED, "true", SESSION, sessionId.toString(), PART, part);
    }

    /** The labels that select every container one deployment made. */
    public static Map<String, String> forDeployment(String deployment) {
        return Map.of(MANAGED, "true", DEPLOYMENT, deployment);
    }

    /** The labels that select every container of one session. */
    public static Map<String, String> forSession(UUID sessionId) {
        return Map.of(MANAGED, "true", SESSION, sessionId.toString());
    }
}
