package dev.steward.workflow.session;

import dev.steward.model.SessionStatus;

/**
 * Where the read model left a session whose workflow went missing; a run started with it goes on from there.
 *
 * @param status the session's status as last recorded
 * @param observedGeneration the generation its tree had converged to
 */
public record ResumedFrom(SessionStatus status, long observedGeneration) {}
