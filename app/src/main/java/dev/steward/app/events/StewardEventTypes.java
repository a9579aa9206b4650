package dev.steward.app.events;

import java.util.List;

/** The event types Steward acts on without a trigger; each names its session in {@code subject: sessions/{id}}. */
public final class StewardEventTypes {

    /** data: a session spec; creates the session under an id derived from the event's source and id. */
    public static final String CREATE = "dev.steward.session.create";
    /** data: {@code {"desiredStatus": "STOPPED"}}. */
    public static final String DESIRED_STATUS = "dev.steward.session.desired-status";
    /** data: a timeslot, as {@code PUT /sessions/{id}/timeslot} takes it. */
    public static final String TIMESLOT = "dev.steward.session.timeslot";
    /** no data: deletes the session. */
    public static final String DELETE = "dev.steward.session.delete";

    public static final List<String> ALL = List.of(CREATE, DESIRED_STATUS, TIMESLOT, DELETE);

    private StewardEventTypes() {}
}
