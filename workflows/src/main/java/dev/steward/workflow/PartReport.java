package dev.steward.workflow;

import dev.steward.model.PartView;

/**
 * A part's observed state, reported up to its session on every change.
 *
 * @param part the part with its pods
 * @param observedGeneration the generation the part has converged to
 */
public record PartReport(PartView part, long observedGeneration) {}
