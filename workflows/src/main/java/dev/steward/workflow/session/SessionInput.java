package dev.steward.workflow.session;

import dev.steward.model.LifecycleSettings;
import dev.steward.model.ReconcileSettings;
import dev.steward.model.SessionSpec;
import java.util.UUID;

/**
 * What a session workflow starts from.
 *
 * @param sessionId the session's id
 * @param spec what the user asked for
 * @param generation the generation the spec is at
 * @param settings the reconcile tunables
 * @param lifecycle the session's own tunables; the defaults when absent
 * @param carried the state of the run that continued as new into this one; {@code null} for the first run
 * @param resumedFrom where the read model left the session, when this run resumes it after its workflow
 *        went missing; {@code null} otherwise
 */
public record SessionInput(UUID sessionId, SessionSpec spec, long generation, ReconcileSettings settings,
        LifecycleSettings lifecycle, SessionState carried, ResumedFrom resumedFrom) {

    public SessionInput {
        lifecycle = lifecycle == null ? LifecycleSettings.DEFAULTS : lifecycle;
    }

    /** A session's first run, or one carrying {@code carried} over continue-as-new. */
    public SessionInput(UUID sessionId, SessionSpec spec, long generation, ReconcileSettings settings,
            LifecycleSettings lifecycle, SessionState carried) {
        this(sessionId, spec, generation, settings, lifecycle, carried, null);
    }
}
