package dev.steward.config;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;
import java.time.Duration;

/**
 * Where Temporal is.
 *
 * @param target host:port of a Temporal frontend (TEMPORAL_ADDRESS; {@code ./steward up} starts a local
 *        one when it is unset)
 * @param namespace the Temporal namespace
 * @param taskQueue the task queue of Steward's workflows and activities
 * @param apiKey an API key (Temporal Cloud), sent as a bearer token over TLS; never logged
 * @param stickyScheduleToStartTimeout how long a workflow task waits on the sticky queue of the worker
 *        that ran the workflow last before the server moves it to the normal queue; 0 turns sticky
 *        execution off (each task goes to the normal queue, so another worker process can take it at
 *        once: needed on Temporal's Java test server, which never moves a task off a dead worker's sticky
 *        queue); unset keeps the SDK's default (5 s)
 */
@ConfigurationProperties("temporal")
public record TemporalConfig(@Nullable String target, String namespace, String taskQueue, @Nullable String apiKey,
        @Nullable Duration stickyScheduleToStartTimeout) {

    public boolean hasTarget() {
        return target != null && !target.isBlank();
    }

    public boolean hasApiKey() {
        return apiKey != null && !apiKey.isBlank();
    }

    /** Without the API key: a record's own text would show it. */
    @Override
    public String toString() {
        return "TemporalConfig[target=" + target + ", namespace=" + namespace + ", taskQueue=" + taskQueue
                + ", apiKey=" + (hasApiKey() ? "(set)" : "(none)")
                + ", stickyScheduleToStartTimeout=" + stickyScheduleToStartTimeout + "]";
    }
}
