package dev.steward.app.host;

import dev.steward.store.HostRow;
import dev.steward.store.HostUsage;

/**
 * A registered host with what the pods placed on it reserve.
 *
 * @param host the host as registered and last probed
 * @param usage its placed pods and what they reserve
 */
public record HostAndUsage(HostRow host, HostUsage usage) {}
