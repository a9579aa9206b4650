package dev.steward.app.temporal;

import dev.steward.telemetry.FailureEpisodes;
import io.micronaut.core.annotation.Nullable;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.opentracingshim.OpenTracingShim;
import io.temporal.common.interceptors.WorkerInterceptor;
import io.temporal.common.interceptors.WorkflowClientInterceptor;
import io.temporal.opentracing.OpenTracingClientInterceptor;
import io.temporal.opentracing.OpenTracingOptions;
import io.temporal.opentracing.OpenTracingWorkerInterceptor;
import jakarta.inject.Singleton;
import org.slf4j.LoggerFactory;

/**
 * What every Temporal client and worker of the process is given: Steward's log context and failure
 * logging, and, when tracing is on ({@code STEWARD_TRACING_ENABLED}), Temporal's tracing interceptors
 * on Micronaut's OpenTelemetry, so a request's trace goes on through its workflow and activities.
 */
@Singleton
public class TemporalInterceptors {

    private final FailureEpisodes activityFailures =
            new FailureEpisodes(LoggerFactory.getLogger(ActivityCallContext.class));
    private final OpenTracingOptions tracing;

    /** @param openTelemetry Micronaut's, present only when tracing is on */
    public TemporalInterceptors(@Nullable OpenTelemetry openTelemetry) {
        tracing = openTelemetry == null ? null
                : OpenTracingOptions.newBuilder().setTracer(OpenTracingShim.createTracerShim(openTelemetry)).build();
    }

    /** @param host the host whose engine the worker reaches, or {@code null} for the main worker */
    public WorkerInterceptor[] worker(@Nullable String host) {
        StewardWorkerInterceptor steward = new StewardWorkerInterceptor(activityFailures, host);
        return tracing == null ? new WorkerInterceptor[] {steward}
                : new WorkerInterceptor[] {new OpenTracingWorkerInterceptor(tracing), steward};
    }

    public WorkflowClientInterceptor[] client() {
        return tracing == null ? new WorkflowClientInterceptor[0]
                : new WorkflowClientInterceptor[] {new OpenTracingClientInterceptor(tracing)};
    }
}
