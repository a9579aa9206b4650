package dev.steward.contract;

/**
 * The names of the part workflow's signals that activities send, so they can signal a part without
 * depending on the workflow classes. {@code PartWorkflow} declares its signals under these names.
 */
public final class PartSignals {

    /** Re-read the engine now. No argument. */
    public static final String RECONCILE_NOW = "reconcileNow";
    /** A {@link ContainerEvent} the host's engine sent about one of the part's containers. */
    public static final String CONTAINER_EVENT = "containerEvent";
    /** A {@link HostResync}: the part's containers on one host differ from the pods placed there. */
    public static final String RESYNC_HOST = "resyncHost";
    /** A {@link HostNotice}: a host the part has pods on stopped taking pods, or takes them again. */
    public static final String HOST_CHANGED = "hostChanged";

    private PartSignals() {}
}
