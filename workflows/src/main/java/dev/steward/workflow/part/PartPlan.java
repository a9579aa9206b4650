package dev.steward.workflow.part;

import dev.steward.model.PartStatus;

/**
 * The part's status after a pass, as the session is told it.
 *
 * @param status the status its pods add up to
 * @param reason a CamelCase word for the cause
 * @param message the cause in words
 * @param observedGeneration the last generation the part converged to, this pass's when it did
 * @param failure for a FAILED part: its first failed pod, else {@code null}
 */
record PartPlan(PartStatus status, String reason, String message, long observedGeneration, PartFailure failure) {}
