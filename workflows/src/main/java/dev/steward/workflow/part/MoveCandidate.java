package dev.steward.workflow.part;

import dev.steward.model.HostStatus;

/**
 * A pod as the choice of which one moves off a draining host sees it.
 *
 * @param pod the pod's name
 * @param job whether it is a job, which finishes where it runs
 * @param hostStatus what its host told when it stopped taking pods; {@code null} when the host takes
 *     pods or the pod has none, as always in parts started before placement
 * @param placeRetryAt workflow millis of its next placement attempt, or {@code null}
 */
record MoveCandidate(String pod, boolean job, HostStatus hostStatus, Long placeRetryAt) {}
