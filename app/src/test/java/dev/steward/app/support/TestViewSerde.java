package dev.steward.app.support;

import dev.steward.model.PartView;
import dev.steward.model.PodView;
import dev.steward.model.SessionView;
import dev.steward.workflow.session.DesiredStatusChange;
import dev.steward.workflow.session.OperatorActionResult;
import dev.steward.workflow.session.TimeslotChange;
import io.micronaut.serde.annotation.SerdeImport;

/** Tests read the API's answers into the model's and the workflows' records, which have the same shape. */
@SerdeImport(SessionView.class)
@SerdeImport(PartView.class)
@SerdeImport(PodView.class)
@SerdeImport(DesiredStatusChange.class)
@SerdeImport(TimeslotChange.class)
@SerdeImport(OperatorActionResult.class)
public final class TestViewSerde {

    private TestViewSerde() {}
}
