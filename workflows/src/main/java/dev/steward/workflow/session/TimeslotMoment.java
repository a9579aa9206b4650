package dev.steward.workflow.session;

/** The moments of a timeslot a session acts on, in the order they fall. */
public enum TimeslotMoment {
    /** {@code provisionAt}: the parts start. */
    PROVISION,
    /** {@code endAt}: desired becomes STOPPED. */
    END,
    /** {@code cleanupDeadline} minus the teardown budget: desired becomes DELETED. */
    TEARDOWN,
    /** {@code cleanupDeadline} minus the kill margin: what is left is removed by force. */
    KILL
}
