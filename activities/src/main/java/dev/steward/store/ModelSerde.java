package dev.steward.store;

import dev.steward.model.Condition;
import dev.steward.model.EnvValue;
import dev.steward.model.EventAwait;
import dev.steward.model.ImagePullPolicy;
import dev.steward.model.PartSpec;
import dev.steward.model.PodResources;
import dev.steward.model.PodSpec;
import dev.steward.model.PortMapping;
import dev.steward.model.PortProtocol;
import dev.steward.model.SecretKeyRef;
import dev.steward.model.SessionSpec;
import dev.steward.model.Timeslot;
import dev.steward.model.RestartSettings;
import dev.steward.model.ReadinessCheck;
import dev.steward.model.PodKind;
import dev.steward.model.RestartPolicy;
import dev.steward.model.ProbeType;
import dev.steward.model.VolumeMount;
import dev.steward.model.VolumeSpec;
import io.micronaut.serde.annotation.SerdeImport;

/** The spec records live in the Temporal-only workflows module; this makes them JSON for Micronaut. */
@SerdeImport(SessionSpec.class)
@SerdeImport(Condition.class)
@SerdeImport(PartSpec.class)
@SerdeImport(EnvValue.class)
@SerdeImport(SecretKeyRef.class)
@SerdeImport(EventAwait.class)
@SerdeImport(PodSpec.class)
@SerdeImport(PortMapping.class)
@SerdeImport(PortProtocol.class)
@SerdeImport(PodResources.class)
@SerdeImport(Timeslot.class)
@SerdeImport(RestartSettings.class)
@SerdeImport(ReadinessCheck.class)
@SerdeImport(PodKind.class)
@SerdeImport(RestartPolicy.class)
@SerdeImport(ProbeType.class)
@SerdeImport(ImagePullPolicy.class)
@SerdeImport(VolumeSpec.class)
@SerdeImport(VolumeMount.class)
final class ModelSerde {

    private ModelSerde() {}
}
