package dev.steward.app.http.json;

import dev.steward.model.ExitInfo;
import dev.steward.model.FieldError;
import dev.steward.model.HostCapacity;
import dev.steward.model.HostSpec;
import dev.steward.model.HostTls;
import dev.steward.model.PartView;
import dev.steward.model.PodView;
import dev.steward.model.PublishedPort;
import dev.steward.model.PullProgress;
import dev.steward.model.SessionView;
import dev.steward.workflow.session.DesiredStatusChange;
import dev.steward.workflow.session.OperatorActionResult;
import dev.steward.workflow.session.TimeslotChange;
import io.micronaut.serde.annotation.SerdeImport;

/** The views live in the workflows module, which knows nothing of Micronaut; this makes them JSON. */
@SerdeImport(SessionView.class)
@SerdeImport(PartView.class)
@SerdeImport(PodView.class)
@SerdeImport(ExitInfo.class)
@SerdeImport(PublishedPort.class)
@SerdeImport(PullProgress.class)
@SerdeImport(FieldError.class)
@SerdeImport(DesiredStatusChange.class)
@SerdeImport(TimeslotChange.class)
@SerdeImport(OperatorActionResult.class)
@SerdeImport(HostSpec.class)
@SerdeImport(HostCapacity.class)
@SerdeImport(HostTls.class)
final class ViewSerde {

    private ViewSerde() {}
}
