package dev.steward.workflow.session;

import dev.steward.model.DesiredStatus;
import dev.steward.model.PartSpec;
import dev.steward.model.Timeslot;
import dev.steward.workflow.part.PartReport;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a session's loop observed, for its {@link SessionPlanner} to decide on.
 *
 * @param parts the parts of the spec: their gates and failure policies
 * @param desired the desired status
 * @param generation the generation
 * @param timeslot the timeslot
 * @param provisioned the timeslot's provisionAt has come
 * @param reports the last report of every part, in spec order
 * @param ending why the session tears itself down, or {@code null}
 * @param cause why the session changed its own desired status, or {@code null}
 * @param causeMessage that cause in words
 * @param recorded the status recorded now
 * @param resumed the run resumed a session whose workflow went missing: a part it has not started may
 *        still have containers and placements from the lost run
 */
public record SessionObservation(
        List<PartSpec> parts,
        DesiredStatus desired,
        long generation,
        Timeslot timeslot,
        boolean provisioned,
        Map<String, PartReport> reports,
        Ending ending,
        String cause,
        String causeMessage,
        StatusRecord recorded,
        boolean resumed) {

    public SessionObservation {
        parts = List.copyOf(parts);
        // In spec order: the status messages name the parts in that order.
        reports = Collections.unmodifiableMap(new LinkedHashMap<>(reports));
    }
}
