package dev.steward.workflow.part;

import dev.steward.model.PartView;

/**
 * A part's observed state, reported up to its session on every change.
 *
 * @param part the part with its pods
 * @param observedGeneration the generation the part has converged to
 * @param failure why it failed, when its status is FAILED; otherwise {@code null}
 */
public record PartReport(PartView part, long observedGeneration, PartFailure failure) {}
