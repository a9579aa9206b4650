package dev.steward.model;

/**
 * A pod as the API and the workflow query show it.
 *
 * @param name the pod's name
 * @param status its observed status
 * @param reason why it has that status
 * @param message the reason in words
 * @param containerId its current container, or {@code null}
 * @param host the host its container runs on, or {@code null}
 */
public record PodView(String name, PodStatus status, String reason, String message, String containerId, String host) {}
