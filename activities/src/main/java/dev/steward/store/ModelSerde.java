package dev.steward.store;

import dev.steward.model.Condition;
import dev.steward.model.PartSpec;
import dev.steward.model.PodResources;
import dev.steward.model.PodSpec;
import dev.steward.model.PortMapping;
import dev.steward.model.SessionSpec;
import dev.steward.model.Timeslot;
import io.micronaut.serde.annotation.SerdeImport;

/** The spec records live in the Temporal-only workflows module; this makes them JSON for Micronaut. */
@SerdeImport(SessionSpec.class)
@SerdeImport(Condition.class)
@SerdeImport(PartSpec.class)
@SerdeImport(PodSpec.class)
@SerdeImport(PortMapping.class)
@SerdeImport(PodResources.class)
@SerdeImport(Timeslot.class)
final class ModelSerde {

    private ModelSerde() {}
}
