package dev.steward.workflow.support;

import dev.steward.model.DesiredStatus;
import java.util.UUID;

/** One call of {@code RecordingActivities.recordDesiredStatus}, as {@link InMemoryRecording} saw it. */
public record RecordedDesiredStatus(UUID sessionId, DesiredStatus desiredStatus, long generation) {}
