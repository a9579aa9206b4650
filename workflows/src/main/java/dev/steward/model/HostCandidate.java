package dev.steward.model;

import java.util.Map;

/**
 * A host as placement sees it.
 *
 * @param name the host's name
 * @param status its observed status
 * @param enabled the operator's switch
 * @param draining whether the operator is draining it
 * @param labels what {@code hostSelector}s match against
 * @param capacity its capacity; {@code null} fields are unlimited
 * @param used what its placed pods reserve, every field set
 */
public record HostCandidate(String name, HostStatus status, boolean enabled, boolean draining,
        Map<String, String> labels, HostCapacity capacity, HostCapacity used) {

    /** Whether new pods may go here at all, whatever their size. */
    public boolean takesPods() {
        return whyNoPods() == null;
    }

    /** Why no new pod may go here ({@code disabled}, {@code draining}, {@code status UNREACHABLE}), or {@code null}. */
    public String whyNoPods() {
        if (!enabled) {
            return "disabled";
        }
        if (draining) {
            return "draining";
        }
        return status == HostStatus.READY ? null : "status " + status;
    }

    /** Free pod slots, or {@link Integer#MAX_VALUE} when unlimited. */
    public int freePods() {
        return capacity.pods() == null ? Integer.MAX_VALUE : capacity.pods() - used.pods();
    }
}
