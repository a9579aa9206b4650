package dev.steward.workflow.session;

import com.fasterxml.jackson.annotation.JsonSetter;
import dev.steward.model.Condition;
import dev.steward.model.DesiredStatus;
import dev.steward.model.EventCause;
import dev.steward.model.PartSpec;
import dev.steward.model.PartStatus;
import dev.steward.model.PartView;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.Reason;
import dev.steward.model.SessionSpec;
import dev.steward.model.SessionStatus;
import dev.steward.model.Timeslot;
import dev.steward.workflow.part.PartReport;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Everything a session run knows. The workflow and its collaborators work on this one object, and
 * a continue-as-new carries it whole into the next run. Temporal's JSON converter writes and reads
 * its fields in the order they are declared here: stored histories and running executions carry
 * that shape, so a field is never renamed, removed or moved.
 */
public final class SessionState {

    /** Redeliveries come soon after the first delivery: the latest events are enough to recognise them. */
    private static final int APPLIED_EVENTS_KEPT = 200;

    /** The desired status. */
    DesiredStatus desired;
    /** The generation. */
    long generation;
    /** The generation the subtree has converged to. */
    long observedGeneration;
    /** The observed status, with why, as a CamelCase word and in words. */
    SessionStatus status = SessionStatus.PENDING;
    String reason = Reason.CREATED.code();
    String message = "the session has not been reconciled yet";
    /** The timeslot as the operator last set it. */
    Timeslot timeslot;
    /** The timeslot moments already acted on. */
    EnumSet<TimeslotMoment> done = EnumSet.noneOf(TimeslotMoment.class);
    /** The last report of every part, in spec order. */
    Map<String, PartReport> parts = new LinkedHashMap<>();
    /** The parts whose workflows have been started, in the order the session meets them. */
    Set<String> started = new LinkedHashSet<>();
    /** The generation last cascaded to the parts. */
    long cascadedGeneration;
    /** The Ready and Degraded conditions. */
    List<Condition> conditions = List.of();
    /** Why the session tears itself down, or {@code null}. */
    Ending ending;
    /** Why the session changed its own desired status, or {@code null}; shown until it converges. */
    String cause;
    String causeMessage;
    /** This run, or one it continued from, resumed the session from the read model. */
    boolean resumed;
    /** The keys of the latest CloudEvents applied to the session: a redelivered event changes nothing. */
    List<String> appliedEvents = new ArrayList<>();
    /**
     * The CloudEvents that arrived for parts awaiting or completing on them, oldest first; once PostgreSQL keeps
     * one, its reference only (data {@code null}).
     */
    List<ArrivedEvent> arrivedEvents = new ArrayList<>();
    /** The parts that were told that their completesOn event arrived. */
    Set<String> completedByEvent = new LinkedHashSet<>();
    /** Every host a part reported one of its pods on: where the session's volumes may be. */
    Set<String> podHosts = new LinkedHashSet<>();
    /** Parts whose workflows closed while the session still needed them, by name: started again when due. */
    Map<String, ClosedPart> closedParts = new LinkedHashMap<>();
    /** How often each part was started again after its workflow closed. */
    Map<String, PartRestarts> partRestarts = new LinkedHashMap<>();

    /** The state of a run that nothing was carried into, and that has not read its input yet. */
    SessionState() {}

    /** The state of a session's first run: every part not started, each with the current desired status. */
    static SessionState first(SessionSpec spec, long generation) {
        SessionState state = new SessionState();
        state.desired = spec.desiredStatus();
        state.generation = generation;
        state.timeslot = spec.timeslot();
        state.cascadedGeneration = generation;
        for (PartSpec part : spec.parts()) {
            state.parts.put(part.name(), new PartReport(notStarted(part), 0, null));
        }
        return state;
    }

    /**
     * Jackson reads a set as a {@link java.util.HashSet}; the runs so far met the carried parts in
     * that set's order, and running executions replay only if they still do. Parts started later
     * come after them.
     */
    @JsonSetter("started")
    private void carryStarted(Set<String> carried) {
        started = new LinkedHashSet<>(carried);
    }

    /** What the loop observes now, for the session's planner. */
    SessionObservation observe(List<PartSpec> specParts) {
        return new SessionObservation(specParts, desired, generation, timeslot,
                done.contains(TimeslotMoment.PROVISION), parts, ending, cause, causeMessage,
                new StatusRecord(status, reason, message, observedGeneration), resumed);
    }

    /** Whether the event was not applied yet; from now on it counts as applied. */
    boolean applyOnce(EventCause event) {
        if (appliedEvents.contains(event.key())) {
            return false;
        }
        appliedEvents.add(event.key());
        if (appliedEvents.size() > APPLIED_EVENTS_KEPT) {
            appliedEvents.removeFirst();
        }
        return true;
    }

    /** Keeps an event that parts await or complete on; the oldest go once there are many. */
    void arrive(ArrivedEvent event) {
        arrivedEvents.add(event);
        if (arrivedEvents.size() > APPLIED_EVENTS_KEPT) {
            arrivedEvents.removeFirst();
        }
    }

    /** Keeps the part's report, and the hosts its pods are on. */
    void report(PartReport report) {
        parts.put(report.part().name(), report);
        report.part().pods().stream().map(PodView::host).filter(host -> host != null).forEach(podHosts::add);
    }

    /** Changes the desired status under a new generation. */
    void changeDesired(DesiredStatus to) {
        desired = to;
        generation++;
    }

    private static PartView notStarted(PartSpec part) {
        List<PodView> pods = part.instances().stream()
                .map(pod -> new PodView(pod.name(), PodStatus.PENDING, Reason.NOT_RECONCILED.code(), null, null, null))
                .toList();
        return new PartView(part.name(), PartStatus.PENDING, Reason.NOT_STARTED.code(), "the part has not started yet", pods,
                null, null);
    }
}
