package dev.steward.workflow.session;

/** What a session does with the parts it has not started yet. */
public enum UnstartedParts {
    /** The session started before gates existed: every part starts at once, in spec order. */
    START_ALL,
    /** The session is not RUNNING: the parts show that they were never started. */
    SHOW_NEVER_STARTED,
    /** The timeslot's provisionAt has not come: nothing starts yet. */
    WAIT_FOR_PROVISION,
    /** Every part whose gate is open starts, in spec order; the others show WAITING with the parts they wait for. */
    START_OPEN_GATES
}
