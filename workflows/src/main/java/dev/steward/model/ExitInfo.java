package dev.steward.model;

/**
 * How a pod's container last ended.
 *
 * @param code its exit code, or {@code null} when unknown
 * @param reason {@code OOMKilled}, {@code Completed} (exit 0), {@code Error} (non-zero) or {@code Removed}
 */
public record ExitInfo(Integer code, String reason) {}
