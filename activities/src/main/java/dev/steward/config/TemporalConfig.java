package dev.steward.config;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;

/**
 * Where Temporal is.
 *
 * @param target host:port of a Temporal frontend (TEMPORAL_ADDRESS; {@code ./steward up} starts a local
 *        one when it is unset)
 * @param namespace the Temporal namespace: TEMPORAL_NAMESPACE, else the deployment's name
 *        ({@code steward.reconcile.deployment}), so two deployments on one Temporal never share one
 * @param taskQueue the task queue of Steward's workflows and activities
 * @param apiKey an API key (Temporal Cloud), sent as a bearer token over TLS; never logged
 */
@ConfigurationProperties("temporal")
public record TemporalConfig(@Nullable String target, @Nullable String namespace, String taskQueue, @Nullable String apiKey) {

    public boolean hasTarget() {
        return target != null && !target.isBlank();
    }

    /** The namespace to use: the one configured, else the deployment's name. */
    public String namespaceOr(String deployment) {
        return namespace == null || namespace.isBlank() ? deployment : namespace;
    }

    public boolean hasApiKey() {
        return apiKey != null && !apiKey.isBlank();
    }

    /** Without the API key: a record's own text would show it. */
    @Override
    public String toString() {
        return "TemporalConfig[target=" + target + ", namespace=" + namespace + ", taskQueue=" + taskQueue
                + ", apiKey=" + (hasApiKey() ? "(set)" : "(none)") + "]";
    }
}
