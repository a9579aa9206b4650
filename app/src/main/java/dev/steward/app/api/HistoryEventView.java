package dev.steward.app.api;

import com.google.protobuf.Timestamp;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.temporal.api.history.v1.HistoryEvent;
import java.time.Instant;
import java.util.Locale;

/**
 * One event of a workflow's history, as Temporal recorded it, named as the Temporal UI names it.
 *
 * @param eventId its number in the run's history, from 1
 * @param eventTime when Temporal recorded it
 * @param eventType {@code WorkflowExecutionStarted}, {@code ActivityTaskScheduled}, {@code TimerFired}, ...
 * @param detail what it is about, for the kinds that name something: the activity type, the timer,
 *     the signal or update, the child workflow, a failure's message; {@code null} otherwise
 */
@Serdeable
public record HistoryEventView(long eventId, Instant eventTime, String eventType, @Nullable String detail) {

    private static final String PREFIX = "EVENT_TYPE_";

    public static HistoryEventView of(HistoryEvent event) {
        return new HistoryEventView(event.getEventId(), instant(event.getEventTime()), typeName(event),
                detail(event));
    }

    private static String typeName(HistoryEvent event) {
        String constant = event.getEventType().name();
        StringBuilder name = new StringBuilder();
        for (String word : constant.substring(constant.startsWith(PREFIX) ? PREFIX.length() : 0).split("_")) {
            name.append(word.charAt(0)).append(word.substring(1).toLowerCase(Locale.ROOT));
        }
        return name.toString();
    }

    private static String detail(HistoryEvent event) {
        String detail = switch (event.getEventType()) {
            case EVENT_TYPE_WORKFLOW_EXECUTION_STARTED ->
                event.getWorkflowExecutionStartedEventAttributes().getWorkflowType().getName();
            case EVENT_TYPE_ACTIVITY_TASK_SCHEDULED ->
                event.getActivityTaskScheduledEventAttributes().getActivityType().getName();
            case EVENT_TYPE_ACTIVITY_TASK_FAILED ->
                event.getActivityTaskFailedEventAttributes().getFailure().getMessage();
            case EVENT_TYPE_TIMER_STARTED -> event.getTimerStartedEventAttributes().getTimerId();
            case EVENT_TYPE_TIMER_FIRED -> event.getTimerFiredEventAttributes().getTimerId();
            case EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED ->
                event.getWorkflowExecutionSignaledEventAttributes().getSignalName();
            case EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED ->
                event.getWorkflowExecutionUpdateAcceptedEventAttributes().getAcceptedRequest().getInput().getName();
            case EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_INITIATED ->
                event.getStartChildWorkflowExecutionInitiatedEventAttributes().getWorkflowId();
            case EVENT_TYPE_SIGNAL_EXTERNAL_WORKFLOW_EXECUTION_INITIATED ->
                event.getSignalExternalWorkflowExecutionInitiatedEventAttributes().getSignalName() + " to "
                        + event.getSignalExternalWorkflowExecutionInitiatedEventAttributes().getWorkflowExecution()
                                .getWorkflowId();
            case EVENT_TYPE_MARKER_RECORDED -> event.getMarkerRecordedEventAttributes().getMarkerName();
            case EVENT_TYPE_WORKFLOW_EXECUTION_FAILED ->
                event.getWorkflowExecutionFailedEventAttributes().getFailure().getMessage();
            default -> "";
        };
        return detail.isEmpty() ? null : detail;
    }

    private static Instant instant(Timestamp time) {
        return Instant.ofEpochSecond(time.getSeconds(), time.getNanos());
    }
}
