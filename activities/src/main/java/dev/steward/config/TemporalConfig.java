package dev.steward.config;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;

/**
 * Where Temporal is.
 *
 * @param target host:port of a Temporal frontend; empty to run the Java test server in process
 * @param namespace the Temporal namespace
 * @param taskQueue the task queue of Steward's workflows and activities
 * @param localPort the port of the in-process test server; 0 picks a free one
 * @param apiKey an API key (Temporal Cloud), sent as a bearer token over TLS; never logged
 */
@ConfigurationProperties("temporal")
public record TemporalConfig(@Nullable String target, String namespace, String taskQueue, int localPort,
        @Nullable String apiKey) {

    public boolean inProcess() {
        return target == null || target.isBlank();
    }

    public boolean hasApiKey() {
        return apiKey != null && !apiKey.isBlank();
    }

    /** Without the API key: a record's own text would show it. */
    @Override
    public String toString() {
        return "TemporalConfig[target=" + target + ", namespace=" + namespace + ", taskQueue=" + taskQueue
                + ", localPort=" + localPort + ", apiKey=" + (hasApiKey() ? "(set)" : "(none)") + "]";
    }
}
