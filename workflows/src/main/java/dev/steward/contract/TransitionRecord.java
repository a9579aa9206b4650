package dev.steward.contract;

import dev.steward.model.Condition;
import dev.steward.model.ExitInfo;
import dev.steward.model.ResourceKind;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * One status change of one resource, and the resource's new state.
 *
 * @param id chosen by the workflow when it decides the change; recording the same id twice records once
 * @param sessionId the session the resource belongs to
 * @param kind which kind of resource changed
 * @param part the part's name, for parts and pods
 * @param pod the pod's name, for pods
 * @param from the status before, or {@code null} for the first
 * @param to the status after
 * @param reason a CamelCase word for the cause
 * @param message the cause in words
 * @param generation the session generation the change belongs to
 * @param observedGeneration for sessions, the generation the subtree has converged to
 * @param containerId for pods, the current container, or {@code null} for none
 * @param host for pods, the host it runs on, or {@code null}
 * @param occurredAt workflow time of the change
 * @param restarts for pods, the restart count
 * @param lastExit for pods, how the container last ended
 * @param nextRestartAt for pods backing off, when they restart
 * @param passes for parts, the reconcile passes their workflow had run at the change; {@code null} when the
 *     session records it
 * @param conditions for sessions, their conditions after the change, set with their status; {@code null} when
 *     they did not change, or when the workflow records them on their own ({@link RecordingActivities#recordConditions})
 */
public record TransitionRecord(
        UUID id,
        UUID sessionId,
        ResourceKind kind,
        String part,
        String pod,
        String from,
        String to,
        String reason,
        String message,
        long generation,
        Long observedGeneration,
        String containerId,
        String host,
        Instant occurredAt,
        Integer restarts,
        ExitInfo lastExit,
        Instant nextRestartAt,
        Long passes,
        List<Condition> conditions) {

    /** How the resource is named in the transition history: the session id, a part, or part/pod. */
    public String resource() {
        return switch (kind) {
            case SESSION -> sessionId.toString();
            case PART -> part;
            case POD -> part + "/" + pod;
        };
    }
}
