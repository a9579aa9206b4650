package dev.steward.model;

import com.fasterxml.jackson.annotation.JsonInclude;
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
 * @param conditions its {@code Progressing} condition, as the read model keeps it; {@code null} in the
 *     workflow's own view
 */
public record PartView(String name, PartStatus status, String reason, String message, List<PodView> pods,
        // Left out where unknown, so the state a session carries keeps the shape stored runs hold.
        @JsonInclude(JsonInclude.Include.NON_NULL) Long passes,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<Condition> conditions) {

    /** The same part with {@code pods}. */
    public PartView withPods(List<PodView> pods) {
        return new PartView(name, status, reason, message, pods, passes, conditions);
    }

    /** The same part with {@code passes}. */
    public PartView withPasses(Long passes) {
        return new PartView(name, status, reason, message, pods, passes, conditions);
    }
}
