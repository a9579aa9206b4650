package dev.steward.workflow.support;

import dev.steward.model.DesiredStatus;
import dev.steward.model.FailurePolicy;
import dev.steward.model.PartGate;
import dev.steward.model.PartSpec;
import dev.steward.model.PodSpec;
import dev.steward.model.PortMapping;
import dev.steward.model.SessionSpec;
import dev.steward.model.Timeslot;
import java.util.List;
import java.util.Map;

/** Specs the workflow tests share. */
public final class TestSessions {

    public static final String IMAGE = "localhost/busybox:latest";

    private TestSessions() {}

    public static PodSpec pod(String name) {
        return new PodSpec(name, IMAGE, List.of("sleep", "3600"), Map.of("POD", name),
                List.of(new PortMapping(8080, null)));
    }

    public static PartSpec part(String name, String... pods) {
        return new PartSpec(name, List.of(pods).stream().map(TestSessions::pod).toList(), null, null, null, null);
    }

    /** A part with a gate and a failure policy; {@code after} may be empty. */
    public static PartSpec part(String name, List<String> after, PartGate when, FailurePolicy onFailure, String maxUnhealthy,
            String... pods) {
        return new PartSpec(name, List.of(pods).stream().map(TestSessions::pod).toList(), after, when, onFailure,
                maxUnhealthy);
    }

    /** A session of these parts in this timeslot. */
    public static SessionSpec session(Timeslot timeslot, PartSpec... parts) {
        return new SessionSpec("alice", DesiredStatus.RUNNING, List.of(parts), timeslot);
    }

    /** Two parts of two pods each: web (app, cache) and db (primary, replica). */
    public static SessionSpec twoPartsOfTwoPods() {
        return new SessionSpec("alice", DesiredStatus.RUNNING,
                List.of(part("web", "app", "cache"), part("db", "primary", "replica")), null);
    }
}
