package dev.steward.workflow;

import dev.steward.contract.RecordingActivities;
import dev.steward.contract.TransitionRecord;
import dev.steward.model.PodView;
import dev.steward.model.ResourceKind;
import io.temporal.workflow.Workflow;
import java.util.UUID;

/**
 * Records transitions from workflow code. The id comes from the workflow's deterministic random,
 * so a retried recording activity carries the same id and records once.
 */
public final class TransitionRecorder {

    private final RecordingActivities recording;
    private final UUID sessionId;

    public TransitionRecorder(RecordingActivities recording, UUID sessionId) {
        this.recording = recording;
        this.sessionId = sessionId;
    }

    public void session(Enum<?> from, Enum<?> to, String reason, String message, long generation, long observedGeneration) {
        record(ResourceKind.SESSION, null, null, from, to, reason, message, generation, observedGeneration, null);
    }

    public void part(String part, Enum<?> from, Enum<?> to, String reason, String message, long generation) {
        record(ResourceKind.PART, part, null, from, to, reason, message, generation, null, null);
    }

    public void pod(Enum<?> from, String part, PodView pod, long generation) {
        record(ResourceKind.POD, part, pod.name(), from, pod.status(), pod.reason(), pod.message(), generation, null,
                pod);
    }

    private void record(ResourceKind kind, String part, String pod, Enum<?> from, Enum<?> to, String reason,
            String message, long generation, Long observedGeneration, PodView podView) {
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
                podView == null ? null : podView.containerId(),
                podView == null ? null : podView.host(),
                WorkflowClock.now(),
                podView == null ? null : podView.restarts(),
                podView == null ? null : podView.lastExit(),
                podView == null ? null : podView.nextRestartAt()));
    }
}
