package dev.steward.app.temporal;

import dev.steward.contract.ContainerRequest;
import dev.steward.contract.LogContext;
import dev.steward.contract.PlacementRequest;
import dev.steward.contract.StewardLabels;
import dev.steward.contract.TransitionRecord;
import dev.steward.store.DatabaseRefusal;
import dev.steward.telemetry.FailureEpisodes;
import io.temporal.activity.ActivityExecutionContext;
import io.temporal.activity.ActivityInfo;
import io.temporal.client.ActivityCompletionException;
import io.temporal.common.interceptors.ActivityInboundCallsInterceptor;
import io.temporal.common.interceptors.ActivityInboundCallsInterceptorBase;
import io.temporal.failure.ApplicationErrorCategory;
import io.temporal.failure.ApplicationFailure;

/**
 * Runs an activity with its session, part and pod in the log context, and logs its transient
 * failures once per episode: the first at WARN in one line, the first success after them at INFO.
 * Temporal retries them as before, but as benign failures, which it logs at DEBUG instead of a
 * WARN with a stack trace for every attempt. A write the database refused for what it holds (a
 * constraint, bad data, a row that is not there) fails at once, not retried ({@link DatabaseRefusal}).
 * Failures the activity raises on purpose ({@link ApplicationFailure}) and cancellation pass untouched.
 */
final class ActivityCallContext extends ActivityInboundCallsInterceptorBase {

    private final FailureEpisodes episodes;
    private final String host;
    private ActivityInfo info;

    /** @param host the host whose engine the worker reaches, or {@code null} for the main worker */
    ActivityCallContext(ActivityInboundCallsInterceptor next, FailureEpisodes episodes, String host) {
        super(next);
        this.episodes = episodes;
        this.host = host;
    }

    /** The context is known here; at {@link #execute} only inner interceptors see it. */
    @Override
    public void init(ActivityExecutionContext context) {
        info = context.getInfo();
        super.init(context);
    }

    @Override
    public ActivityOutput execute(ActivityInput input) {
        LogContext.enter(info.getWorkflowId());
        LogContext.pod(podOf(input.getArguments()));
        // On a host's queue every activity reaches that host's engine: one episode per host.
        String subject = host != null ? "host " + host + ": engine calls" : "activity " + info.getActivityType();
        try {
            ActivityOutput output = super.execute(input);
            episodes.succeeded(subject);
            return output;
        } catch (ApplicationFailure | ActivityCompletionException deliberate) {
            throw deliberate;
        } catch (RuntimeException failure) {
            ApplicationFailure refused = DatabaseRefusal.of(failure);
            if (refused != null) {
                episodes.failed(subject, "not retried: it would be refused again", refused);
                throw refused;
            }
            episodes.failed(subject, "Temporal retries it", failure);
            throw benign(failure);
        } finally {
            LogContext.clear();
        }
    }

    /** The failure as Temporal would have sent it (type, message, cause), marked benign. */
    private static ApplicationFailure benign(RuntimeException failure) {
        ApplicationFailure benign = ApplicationFailure.newBuilder()
                .setType(failure.getClass().getName())
                .setMessage(failure.getMessage())
                .setCause(failure.getCause())
                .setCategory(ApplicationErrorCategory.BENIGN)
                .build();
        benign.setStackTrace(failure.getStackTrace());
        return benign;
    }

    /** The pod an activity's arguments name, where they name one. */
    private static String podOf(Object[] arguments) {
        for (Object argument : arguments) {
            if (argument instanceof ContainerRequest request && request.labels() != null) {
                return request.labels().get(StewardLabels.POD);
            }
            if (argument instanceof TransitionRecord transition) {
                return transition.pod();
            }
            if (argument instanceof PlacementRequest placement) {
                return placement.pod();
            }
        }
        return null;
    }
}
