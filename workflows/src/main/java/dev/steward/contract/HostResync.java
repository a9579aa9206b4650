package dev.steward.contract;

import java.util.List;

/**
 * What one host's resync saw of a part's containers; the part compares it with its pods on that host.
 *
 * @param host the host that was listed
 * @param containers the part's containers on it
 */
public record HostResync(String host, List<ContainerState> containers) {}
