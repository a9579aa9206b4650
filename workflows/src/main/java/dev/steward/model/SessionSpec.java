package dev.steward.model;

import java.util.List;

/**
 * What a user asks for.
 *
 * @param owner who the session belongs to
 * @param desiredStatus the initial desired status; RUNNING when absent
 * @param parts the ordered parts
 * @param timeslot when the session exists
 * @param restart optional overrides of the deployment's restart tunables for this session
 * @param volumes the volumes its pods may mount
 */
public record SessionSpec(
        String owner, DesiredStatus desiredStatus, List<PartSpec> parts, Timeslot timeslot, RestartSettings restart,
        List<VolumeSpec> volumes) {

    public SessionSpec {
        desiredStatus = desiredStatus == null ? DesiredStatus.RUNNING : desiredStatus;
        parts = parts == null ? List.of() : parts;
        timeslot = timeslot == null ? Timeslot.NONE : timeslot;
        restart = restart == null ? RestartSettings.NONE : restart;
        volumes = volumes == null ? List.of() : volumes;
    }

    public SessionSpec(
            String owner, DesiredStatus desiredStatus, List<PartSpec> parts, Timeslot timeslot, RestartSettings restart) {
        this(owner, desiredStatus, parts, timeslot, restart, null);
    }

    public SessionSpec(String owner, DesiredStatus desiredStatus, List<PartSpec> parts, Timeslot timeslot) {
        this(owner, desiredStatus, parts, timeslot, null);
    }
}
