package dev.steward.store;

import io.micronaut.core.annotation.Introspected;

/**
 * Where a session volume was last placed.
 *
 * @param volume its name in the session
 * @param host the host it is on
 * @param pod the pod placed there with it, as {@code part/pod}
 */
@Introspected
public record VolumeHost(String volume, String host, String pod) {}
