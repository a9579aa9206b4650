package dev.steward.workflow;

import dev.steward.model.SessionSpec;
import java.util.UUID;

/**
 * What a session workflow starts from.
 *
 * @param sessionId the session's id
 * @param spec what the user asked for
 * @param generation the generation the spec is at
 * @param settings the reconcile tunables
 */
public record SessionInput(UUID sessionId, SessionSpec spec, long generation, ReconcileSettings settings) {}
