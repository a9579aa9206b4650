package dev.steward.workflow;

import dev.steward.activity.RecordingActivities;
import dev.steward.activity.TransitionRecord;
import dev.steward.model.ResourceKind;
import io.temporal.workflow.Workflow;
import java.time.Instant;
import java.util.UUID;

/**
 * Records transitions from workflow code. The id comes from the workflow's deterministic random,
 * so a retried recording activity carries the same id and records once.
 */
final class TransitionRecorder {

    private final RecordingActivities recording;
    private final UUID sessionId;

    TransitionRecorder(RecordingActivities recording, UUID sessionId) {
        this.recording = recording;
        this.sessionId = sessionId;
    }

    void session(Enum<?> from, Enum<?> to, String reason, String message, long generation, long observedGeneration) {
        record(ResourceKind.SESSION, null, null, from, to, reason, message, generation, observedGeneration, null, null);
    }

    void part(String part, Enum<?> from, Enum<?> to, String reason, String message, long generation) {
        record(ResourceKind.PART, part, null, from, to, reason, message, generation, null, null, null);
    }

    void pod(String part, String pod, Enum<?> from, Enum<?> to, String reason, String message, long generation,
            String containerId, String host) {
        record(ResourceKind.POD, part, pod, from, to, reason, message, generation, null, containerId, host);
    }

    private void record(ResourceKind kind, String part, String pod, Enum<?> from, Enum<?> to, String reason,
            String message, long generation, Long observedGeneration, String containerId, String host) {
        recording.recordTransition(new TransitionRecord(
                Workflow.randomUUID(),
                sessionId,
                kind,
                part,
                pod,
                from == null ? null : from.name(),
                to.name(),
                reason,
                message,
                generation,
                observedGeneration,
                containerId,
                host,
                Instant.ofEpochMilli(Workflow.currentTimeMillis())));
    }
}
