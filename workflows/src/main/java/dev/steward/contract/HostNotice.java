package dev.steward.contract;

import dev.steward.model.HostStatus;

/**
 * What a host workflow tells the parts with pods placed on its host: it stopped taking pods
 * (DRAINING, DISABLED, or UNREACHABLE past the grace period) or takes them again (READY).
 *
 * @param host the host's name
 * @param status its status now
 * @param message why, in words, naming the setting that decided it
 */
public record HostNotice(String host, HostStatus status, String message) {}
