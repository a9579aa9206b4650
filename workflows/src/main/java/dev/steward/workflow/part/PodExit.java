package dev.steward.workflow.part;

import dev.steward.model.ExitInfo;
import dev.steward.model.PodSpec;

/**
 * A pod's container that exited, with the pod's restart history.
 *
 * @param pod the pod's spec
 * @param exit how the container ended
 * @param restarts restarts so far
 * @param exponent the backoff exponent so far
 * @param ranMillis how long the container ran before it exited
 * @param now workflow time in millis
 */
record PodExit(PodSpec pod, ExitInfo exit, int restarts, int exponent, long ranMillis, long now) {}
