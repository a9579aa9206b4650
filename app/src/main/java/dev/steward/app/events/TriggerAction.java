package dev.steward.app.events;

import java.util.Arrays;
import java.util.Optional;

/** What a trigger does with an event it matches; {@link #word()} is how the API spells it. */
public enum TriggerAction {
    /** Creates a session from the trigger's {@code template}. */
    CREATE_SESSION("create-session"),
    /** Sets the trigger's {@code desiredStatus} on the event's session. */
    SET_DESIRED_STATUS("set-desired-status"),
    /** Moves the event's session to the trigger's {@code timeslot} template. */
    MOVE_TIMESLOT("move-timeslot"),
    /** Deletes the event's session. */
    DELETE("delete");

    private final String word;

    TriggerAction(String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }

    static Optional<TriggerAction> of(String word) {
        return Arrays.stream(values()).filter(action -> action.word.equals(word)).findFirst();
    }

    static String words() {
        return String.join(", ", Arrays.stream(values()).map(TriggerAction::word).toList());
    }
}
