package dev.steward.workflow.session;

import dev.steward.model.Condition;
import dev.steward.model.DesiredStatus;
import dev.steward.model.SessionStatus;
import dev.steward.model.Timeslot;
import dev.steward.workflow.part.PartReport;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Everything a session run knows, carried whole into the run it continues as new into.
 *
 * @param desired the desired status
 * @param generation the generation
 * @param observedGeneration the generation the subtree has converged to
 * @param status the observed status
 * @param reason why
 * @param message why, in words
 * @param timeslot the timeslot as the operator last set it
 * @param done the timeslot moments already acted on
 * @param parts the last report of every part, in spec order
 * @param started the parts whose workflows have been started
 * @param cascadedGeneration the generation last cascaded to the parts
 * @param conditions the Ready and Degraded conditions
 * @param ending why the session tears itself down, or {@code null}
 * @param cause why the session changed its own desired status, or {@code null}
 * @param causeMessage that cause in words
 */
public record SessionState(
        DesiredStatus desired,
        long generation,
        long observedGeneration,
        SessionStatus status,
        String reason,
        String message,
        Timeslot timeslot,
        Set<TimeslotMoment> done,
        Map<String, PartReport> parts,
        Set<String> started,
        long cascadedGeneration,
        List<Condition> conditions,
        Ending ending,
        String cause,
        String causeMessage) {}
