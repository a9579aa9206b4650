package dev.steward.app.api;

import dev.steward.model.FieldError;
import dev.steward.model.PartView;
import dev.steward.model.ExitInfo;
import dev.steward.model.PodView;
import dev.steward.model.SessionView;
import dev.steward.workflow.DesiredStatusChange;
import io.micronaut.serde.annotation.SerdeImport;

/** The views live in the workflows module, which knows nothing of Micronaut; this makes them JSON. */
@SerdeImport(SessionView.class)
@SerdeImport(PartView.class)
@SerdeImport(PodView.class)
@SerdeImport(ExitInfo.class)
@SerdeImport(FieldError.class)
@SerdeImport(DesiredStatusChange.class)
final class ViewSerde {

    private ViewSerde() {}
}
