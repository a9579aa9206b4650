package dev.steward.app.http.json;

import dev.steward.model.ExitInfo;
import dev.steward.model.FieldError;
import dev.steward.model.HostCapacity;
import dev.steward.model.HostSpec;
import dev.steward.model.HostTls;
import dev.steward.model.PublishedPort;
import dev.steward.model.PullProgress;
import io.micronaut.serde.annotation.SerdeImport;

/**
 * The model's records the API reads and writes inside its own (specs, exits, ports, field errors) live in
 * the workflows module, which knows nothing of Micronaut; this makes them JSON.
 */
@SerdeImport(ExitInfo.class)
@SerdeImport(PublishedPort.class)
@SerdeImport(PullProgress.class)
@SerdeImport(FieldError.class)
@SerdeImport(HostSpec.class)
@SerdeImport(HostCapacity.class)
@SerdeImport(HostTls.class)
final class ViewSerde {

    private ViewSerde() {}
}
