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
 */
@ConfigurationProperties("temporal")
public record TemporalConfig(@Nullable String target, String namespace, String taskQueue, int localPort) {

    public boolean inProcess() {
        return target == null || target.isBlank();
    }
}
