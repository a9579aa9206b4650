package dev.steward.workflow;

import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.common.WorkflowExecutionHistory;
import java.time.Instant;
import java.util.List;

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
