package dev.steward.workflow.support;

import io.temporal.api.common.v1.Payloads;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.common.WorkflowExecutionHistory;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Questions tests ask of a workflow's history. */
public final class HistoryEvents {

    private HistoryEvents() {}

    public static long count(List<HistoryEvent> events, EventType type) {
        return events.stream().filter(e -> e.getEventType() == type).count();
    }

    /** The index of the last event of that type, or -1. */
    public static int lastIndexOf(List<HistoryEvent> events, EventType type) {
        for (int i = events.size() - 1; i >= 0; i--) {
            if (events.get(i).getEventType() == type) {
                return i;
            }
        }
        return -1;
    }

    /** Whether the workflow has handled the last event of that type: a workflow task completed after it. */
    public static boolean handledLast(List<HistoryEvent> events, EventType type) {
        int last = lastIndexOf(events, type);
        return last >= 0 && anyAfter(events, last, EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED);
    }

    /**
     * Whether the workflow is idle: its last workflow task completed (the local activities' markers it
     * recorded follow its completion) and every activity it scheduled has closed, so nothing it started
     * before can still schedule work.
     */
    public static boolean idle(List<HistoryEvent> events) {
        Set<Long> open = new HashSet<>();
        for (HistoryEvent e : events) {
            switch (e.getEventType()) {
                case EVENT_TYPE_ACTIVITY_TASK_SCHEDULED -> open.add(e.getEventId());
                case EVENT_TYPE_ACTIVITY_TASK_COMPLETED -> open.remove(e.getActivityTaskCompletedEventAttributes().getScheduledEventId());
                case EVENT_TYPE_ACTIVITY_TASK_FAILED -> open.remove(e.getActivityTaskFailedEventAttributes().getScheduledEventId());
                case EVENT_TYPE_ACTIVITY_TASK_TIMED_OUT -> open.remove(e.getActivityTaskTimedOutEventAttributes().getScheduledEventId());
                case EVENT_TYPE_ACTIVITY_TASK_CANCELED -> open.remove(e.getActivityTaskCanceledEventAttributes().getScheduledEventId());
                default -> { }
            }
        }
        int last = events.size() - 1;
        while (last >= 0 && events.get(last).getEventType() == EventType.EVENT_TYPE_MARKER_RECORDED) {
            last--;
        }
        return open.isEmpty() && last >= 0
                && events.get(last).getEventType() == EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED;
    }

    /**
     * Whether the workflow has written every transition it recorded so far: no workflow task is in
     * flight (one may be queueing more) and no RecordTransition(s) activity is open.
     */
    public static boolean transitionsWritten(List<HistoryEvent> events) {
        Set<Long> open = new HashSet<>();
        boolean taskInFlight = false;
        for (HistoryEvent e : events) {
            switch (e.getEventType()) {
                case EVENT_TYPE_WORKFLOW_TASK_SCHEDULED, EVENT_TYPE_WORKFLOW_TASK_STARTED -> taskInFlight = true;
                case EVENT_TYPE_WORKFLOW_TASK_COMPLETED, EVENT_TYPE_WORKFLOW_TASK_FAILED,
                        EVENT_TYPE_WORKFLOW_TASK_TIMED_OUT -> taskInFlight = false;
                case EVENT_TYPE_ACTIVITY_TASK_SCHEDULED -> {
                    if (e.getActivityTaskScheduledEventAttributes().getActivityType().getName()
                            .startsWith("RecordTransition")) {
                        open.add(e.getEventId());
                    }
                }
                case EVENT_TYPE_ACTIVITY_TASK_COMPLETED -> open.remove(e.getActivityTaskCompletedEventAttributes().getScheduledEventId());
                case EVENT_TYPE_ACTIVITY_TASK_FAILED -> open.remove(e.getActivityTaskFailedEventAttributes().getScheduledEventId());
                case EVENT_TYPE_ACTIVITY_TASK_TIMED_OUT -> open.remove(e.getActivityTaskTimedOutEventAttributes().getScheduledEventId());
                case EVENT_TYPE_ACTIVITY_TASK_CANCELED -> open.remove(e.getActivityTaskCanceledEventAttributes().getScheduledEventId());
                default -> { }
            }
        }
        return !events.isEmpty() && !taskInFlight && open.isEmpty();
    }

    /** Whether {@code e} is the marker of a local activity of {@code type} that failed, its retries spent. */
    public static boolean isFailedLocalActivity(HistoryEvent e, String type) {
        return type.equals(localActivityType(e)) && e.getMarkerRecordedEventAttributes().hasFailure();
    }

    /** The activity type a local activity's marker names; {@code null} for any other event. */
    public static String localActivityType(HistoryEvent e) {
        if (e.getEventType() != EventType.EVENT_TYPE_MARKER_RECORDED
                || !"LocalActivity".equals(e.getMarkerRecordedEventAttributes().getMarkerName())) {
            return null;
        }
        String type = markerDetail(e, "type");
        return type == null ? null : type.replace("\"", "");
    }

    /** A detail of a marker event as the JSON it was recorded as; {@code null} when the marker has none. */
    public static String markerDetail(HistoryEvent marker, String key) {
        Payloads detail = marker.getMarkerRecordedEventAttributes().getDetailsMap().get(key);
        return detail == null || detail.getPayloadsCount() == 0 ? null : detail.getPayloads(0).getData().toStringUtf8();
    }

    public static boolean anyAfter(List<HistoryEvent> events, int index, EventType type) {
        return events.subList(index + 1, events.size()).stream().anyMatch(e -> e.getEventType() == type);
    }

    /**
     * When a run closed, by its own last event: the test clock may skip on while a result is
     * fetched, so it says nothing about when the workflow ended.
     */
    public static Instant closeTime(WorkflowExecutionHistory run) {
        var closed = run.getLastEvent().getEventTime();
        return Instant.ofEpochSecond(closed.getSeconds(), closed.getNanos());
    }
}
