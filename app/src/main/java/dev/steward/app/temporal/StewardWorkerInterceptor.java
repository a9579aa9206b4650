package dev.steward.app.temporal;

import dev.steward.telemetry.FailureEpisodes;
import io.temporal.common.interceptors.ActivityInboundCallsInterceptor;
import io.temporal.common.interceptors.WorkerInterceptorBase;
import io.temporal.common.interceptors.WorkflowInboundCallsInterceptor;

/** The log context of workflows and activities, and the once-per-episode logging of activity failures. */
final class StewardWorkerInterceptor extends WorkerInterceptorBase {

    private final FailureEpisodes episodes;
    private final String host;

    /** @param host the host whose engine the worker reaches, or {@code null} for the main worker */
    StewardWorkerInterceptor(FailureEpisodes episodes, String host) {
        this.episodes = episodes;
        this.host = host;
    }

    @Override
    public WorkflowInboundCallsInterceptor interceptWorkflow(WorkflowInboundCallsInterceptor next) {
        return new WorkflowCallContext(next);
    }

    @Override
    public ActivityInboundCallsInterceptor interceptActivity(ActivityInboundCallsInterceptor next) {
        return new ActivityCallContext(next, episodes, host);
    }
}
