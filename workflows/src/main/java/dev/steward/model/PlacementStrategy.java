package dev.steward.model;

/** How a host is chosen among those a pod fits on. */
public enum PlacementStrategy {
    /** The host with the fewest placed pods, then the most free capacity: spreads the load. */
    SPREAD,
    /** The host with the most placed pods that still fits: packs hosts full, keeps others empty. */
    BINPACK
}
