package dev.steward.model;

import java.util.List;
import java.util.Map;

/**
 * What a user asks for.
 *
 * @param owner who the session belongs to
 * @param desiredStatus the initial desired status; RUNNING when absent
 * @param parts the ordered parts
 * @param timeslot when the session exists
 * @param restart optional overrides of the deployment's restart tunables for this session
 * @param labels the user's own labels, which the session list selects by ({@code labelSelector})
 * @param volumes the volumes its pods may mount
 */
public record SessionSpec(String owner, DesiredStatus desiredStatus, List<PartSpec> parts, Timeslot timeslot,
        RestartSettings restart, Map<String, String> labels, List<VolumeSpec> volumes) {

    public SessionSpec {
        labels = labels == null ? Map.of() : labels;
        desiredStatus = desiredStatus == null ? DesiredStatus.RUNNING : desiredStatus;
        parts = parts == null ? List.of() : parts;
        timeslot = timeslot == null ? Timeslot.NONE : timeslot;
        restart = restart == null ? RestartSettings.NONE : restart;
        volumes = volumes == null ? List.of() : volumes;
    }

    /** A session without volumes. */
    public SessionSpec(String owner, DesiredStatus desiredStatus, List<PartSpec> parts, Timeslot timeslot,
            RestartSettings restart, Map<String, String> labels) {
        this(owner, desiredStatus, parts, timeslot, restart, labels, null);
    }

    public SessionSpec(String owner, DesiredStatus desiredStatus, List<PartSpec> parts, Timeslot timeslot,
            RestartSettings restart) {
        this(owner, desiredStatus, parts, timeslot, restart, null, null);
    }

    public SessionSpec(String owner, DesiredStatus desiredStatus, List<PartSpec> parts, Timeslot timeslot) {
        this(owner, desiredStatus, parts, timeslot, null, null, null);
    }

    /** The same spec for another owner. */
    public SessionSpec withOwner(String newOwner) {
        return new SessionSpec(newOwner, desiredStatus, parts, timeslot, restart, labels, volumes);
    }

    /** The same session with {@code parts} for its parts. */
    public SessionSpec withParts(List<PartSpec> parts) {
        return new SessionSpec(owner, desiredStatus, parts, timeslot, restart, labels, volumes);
    }
}
