package dev.steward.contract;

/**
 * One engine event about a Steward container, relayed to the part workflow that owns it.
 *
 * @param containerId the container
 * @param pod the pod label of the container
 * @param action the engine's action word: die, oom, start
 * @param exitCode for die: the exit code, when the engine says
 * @param seenAtMillis wall-clock time the watcher received it, to measure detection delay
 */
public record ContainerEvent(String containerId, String pod, String action, Integer exitCode, long seenAtMillis) {}
