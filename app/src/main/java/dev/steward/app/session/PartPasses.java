package dev.steward.app.session;

import dev.steward.app.temporal.SessionWorkflowClient;
import dev.steward.model.PartView;
import dev.steward.model.SessionView;
import jakarta.inject.Singleton;
import java.util.Map;

/**
 * Fills in each part's count of reconcile passes, asked of the part's workflow: the read model keeps none,
 * as a pass that changes nothing writes nothing. A part whose workflow does not answer within the API's
 * Temporal timeout shows none, and so do the parts of an ended session, whose closed workflows would each
 * replay its history to answer.
 */
@Singleton
public class PartPasses {

    private final SessionWorkflowClient workflows;

    public PartPasses(SessionWorkflowClient workflows) {
        this.workflows = workflows;
    }

    public SessionView fillIn(SessionView session) {
        if (session.status().ended()) {
            return session;
        }
        Map<String, Long> passes = workflows.partPasses(session.id(), session.parts().stream().map(PartView::name).toList());
        return session.withParts(session.parts().stream().map(part -> part.withPasses(passes.get(part.name()))).toList());
    }
}
