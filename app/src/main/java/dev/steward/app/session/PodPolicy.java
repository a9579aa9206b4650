package dev.steward.app.session;

import dev.steward.app.refusal.InvalidRequest;
import dev.steward.config.ImagesConfig;
import dev.steward.config.PodLimitsConfig;
import dev.steward.config.PodSecurityConfig;
import dev.steward.config.PodsConfig;
import dev.steward.model.AllowList;
import dev.steward.model.FieldError;
import dev.steward.model.ImageReference;
import dev.steward.model.PartSpec;
import dev.steward.model.PodResources;
import dev.steward.model.PodSpec;
import dev.steward.model.SessionSpec;
import dev.steward.model.SessionSpecValidator;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.List;

/**
 * What this deployment lets a pod ask for: an image from an allowed registry, no more CPUs or memory
 * than the operator's maxima, and only the capabilities the operator allows it to add. Checked on a spec
 * the validator found well formed, before anything is stored, pulled or started.
 */
@Singleton
public class PodPolicy {

    private final PodsConfig pods;
    private final PodLimitsConfig limits;
    private final PodSecurityConfig security;
    /** {@code null}: every registry is allowed. */
    private final @Nullable AllowList registries;

    public PodPolicy(PodsConfig pods, PodLimitsConfig limits, PodSecurityConfig security, ImagesConfig images) {
        this.pods = pods;
        this.limits = limits;
        this.security = security;
        this.registries = images.allowedRegistries() == null ? null : new AllowList(images.allowedRegistries());
    }

    /**
     * Refuses (422) a spec that is not well formed ({@link SessionSpecValidator}, with pods on their host's
     * network only where {@code steward.pods.allow-host-network} allows them) or that asks for what this
     * deployment does not allow ({@link #check}), naming every offending field.
     */
    public void requireAllowed(@Nullable SessionSpec spec) {
        InvalidRequest.rejectIfAny(SessionSpecValidator.validate(spec, pods.allowHostNetwork()));
        InvalidRequest.rejectIfAny(check(spec));
    }

    /** What in the spec the deployment refuses, each naming its field; empty when it allows all. */
    public List<FieldError> check(SessionSpec spec) {
        List<FieldError> errors = new ArrayList<>();
        for (int i = 0; i < spec.parts().size(); i++) {
            PartSpec part = spec.parts().get(i);
            for (int j = 0; j < part.pods().size(); j++) {
                check(part.pods().get(j), "parts[" + i + "].pods[" + j + "]", errors);
            }
        }
        return errors;
    }

    private void check(PodSpec pod, String path, List<FieldError> errors) {
        String registry = ImageReference.registry(pod.image());
        if (registries != null && !registries.allows(registry)) {
            errors.add(new FieldError(path + ".image", "comes from registry " + registry + " ("
                    + ImageReference.fullyQualified(pod.image()) + "), which is not allowed on this deployment:"
                    + " steward.images.allowed-registries permits " + registries));
        }
        PodResources resources = pod.resources();
        if (resources.cpus() != null && resources.cpus() > limits.maxCpus()) {
            errors.add(new FieldError(path + ".resources.cpus", "must be at most " + limits.maxCpus()
                    + " on this deployment (steward.pods.limits.max-cpus)"));
        }
        if (resources.memoryMb() != null && resources.memoryMb() > limits.maxMemoryMb()) {
            errors.add(new FieldError(path + ".resources.memoryMb", "must be at most " + limits.maxMemoryMb()
                    + " on this deployment (steward.pods.limits.max-memory-mb)"));
        }
        for (int k = 0; k < pod.addCapabilities().size(); k++) {
            String capability = pod.addCapabilities().get(k);
            if (!security.allowedCapabilities().contains(capability)) {
                errors.add(new FieldError(path + ".addCapabilities[" + k + "]", "'" + capability
                        + "' is not allowed on this deployment: steward.pods.security.allowed-capabilities permits "
                        + security.allowedCapabilities()));
            }
        }
    }
}
