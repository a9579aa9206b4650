package dev.steward.workflow.part;

import dev.steward.workflow.ExternalSignals;
import dev.steward.workflow.session.SessionWorkflow;
import io.temporal.workflow.Workflow;
import org.slf4j.Logger;

/** Tells the part's session of its view whenever the view changed; a part without a session, or whose session closed, tells nobody. */
final class SessionReport {

    private static final Logger log = Workflow.getLogger(SessionReport.class);

    private final PartState state;

    SessionReport(PartState state) {
        this.state = state;
    }

    void send(PartReport report) {
        String parentId = Workflow.getInfo().getParentWorkflowId().orElse(null);
        if (parentId == null || report.equals(state.reported)) {
            return;
        }
        try {
            Workflow.newExternalWorkflowStub(SessionWorkflow.class, parentId).partChanged(report);
            state.reported = report;
        } catch (RuntimeException failed) {
            if (!ExternalSignals.targetGone(failed)) {
                throw failed;
            }
            // The session has closed; there is nobody left to tell.
            log.info("part {}: session {} is gone, report not sent", report.part().name(), parentId);
        }
    }
}
