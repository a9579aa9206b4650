package dev.steward.workflow.session;

/**
 * What a session's loop does next, as its {@link SessionPlanner} decided.
 *
 * @param abort why a failed part with {@code onFailure: abort} tears the session down, or {@code null}
 * @param unstarted what happens to the parts not started yet
 * @param status the status to record, or {@code null} when the recorded one still holds
 */
public record SessionPlan(Ending abort, UnstartedParts unstarted, StatusRecord status) {}
