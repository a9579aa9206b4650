package dev.steward.model;

import java.util.List;

/**
 * A part as the API and the workflow query show it.
 *
 * @param name the part's name
 * @param status its observed status
 * @param reason why it has that status
 * @param message the reason in words
 * @param pods its pods, in spec order
 * @param passes the reconcile passes its workflow has run; {@code null} where they are not known
 */
public record PartView(String name, PartStatus status, String reason, String message, List<PodView> pods, Long passes) {

    /** The same part with {@code pods}. */
    public PartView withPods(List<PodView> pods) {
        return new PartView(name, status, reason, message, pods, passes);
    }
}
