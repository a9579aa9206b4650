package dev.steward.contract;

/**
 * @param ready whether the check passes now (after the failure threshold for a ready container)
 * @param message what the last check saw
 */
public record ProbeResult(boolean ready, String message) {}
