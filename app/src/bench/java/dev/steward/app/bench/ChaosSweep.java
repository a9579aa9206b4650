package dev.steward.app.bench;

import com.github.dockerjava.api.model.Container;
import dev.steward.app.api.TransitionView;
import dev.steward.app.support.Convergence;
import dev.steward.app.support.DurableService;
import dev.steward.app.support.Specs;
import dev.steward.model.ResourceKind;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.workflow.support.Eventually;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * {@code bench/chaos.sh}: the service killed with SIGKILL at a random moment of a mix of 10 sessions
 * (RUNNING, rolled, deleted, and two whose cleanup deadline comes), started again, and checked: sessions
 * converged, duplicate containers, orphans, lost or duplicated transitions, deadlines missed.
 * Usage: ChaosSweep [runs]
 */
public final class ChaosSweep {

    private static final Duration CONVERGE = Duration.ofSeconds(120);
    private static final Duration KILL_WINDOW = Duration.ofSeconds(14);

    private record Tally(int converged, int sessions, int duplicates, int orphans, int lost, int duplicated,
            int missed) {
        Tally plus(Tally o) {
            return new Tally(converged + o.converged, sessions + o.sessions, duplicates + o.duplicates,
                    orphans + o.orphans, lost + o.lost, duplicated + o.duplicated, missed + o.missed);
        }

        String line() {
            return String.format("converged %d/%d, duplicate containers %d, orphans %d, lost transitions %d,"
                    + " duplicated transitions %d, deadlines missed %d", converged, sessions, duplicates, orphans, lost,
                    duplicated, missed);
        }
    }

    private ChaosSweep() {}

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        Tally total = new Tally(0, 0, 0, 0, 0, 0, 0);
        try (DurableService steward = new DurableService("chaos")) {
            for (int run = 1; run <= runs; run++) {
                long killAfter = ThreadLocalRandom.current().nextLong(KILL_WINDOW.toMillis());
                Tally tally = run(steward, run, killAfter);
                total = total.plus(tally);
                System.out.printf("run %2d (kill -9 at +%5d ms): %s%n", run, killAfter, tally.line());
            }
        }
        System.out.printf("total (%d runs): %s%n", runs, total.line());
    }

    private static Tally run(DurableService steward, int run, long killAfterMillis) throws Exception {
        steward.startService();
        String owner = "chaos-" + steward.run + "-" + run;
        Instant t0 = Instant.now();
        Instant deadline = t0.plusSeconds(20);
        List<UUID> running = new ArrayList<>();
        List<UUID> rolled = new ArrayList<>();
        List<UUID> deleted = new ArrayList<>();
        List<UUID> expiring = new ArrayList<>();
        Random random = new Random(run);
        steward.api(api -> {
            for (int i = 0; i < 4; i++) {
                running.add(api.create(session(owner, "a", "b")).id());
            }
            for (int i = 0; i < 2; i++) {
                rolled.add(api.create(session(owner, "a", "b")).id());
                deleted.add(api.create(session(owner, "a")).id());
            }
            Map<String, Object> slot = Map.of("endAt", t0.plusSeconds(12).toString(),
                    "cleanupDeadline", deadline.toString());
            for (int i = 0; i < 2; i++) {
                Map<String, Object> spec = new HashMap<>(session(owner, "a"));
                spec.put("timeslot", slot);
                expiring.add(api.create(spec).id());
            }
            return null;
        });
        // The changes come at moments of their own; the kill falls among them.
        long rollAt = 2_000 + random.nextInt(6_000);
        long deleteAt = 2_000 + random.nextInt(6_000);
        boolean rolledYet = false;
        boolean deletedYet = false;
        while (true) {
            long elapsed = Duration.between(t0, Instant.now()).toMillis();
            if (!rolledYet && elapsed >= rollAt) {
                rolledYet = true;
                steward.api(api -> {
                    rolled.forEach(id -> tryTo(() -> api.updateSpec(id, rolledSpec(owner))));
                    return null;
                });
            }
            if (!deletedYet && elapsed >= deleteAt) {
                deletedYet = true;
                steward.api(api -> {
                    deleted.forEach(id -> tryTo(() -> api.delete(id)));
                    return null;
                });
            }
            if (elapsed >= killAfterMillis) {
                break;
            }
            Thread.sleep(50);
        }
        steward.killService();
        steward.startService();
        if (!rolledYet) {
            steward.api(api -> {
                rolled.forEach(id -> tryTo(() -> api.updateSpec(id, rolledSpec(owner))));
                return null;
            });
        }
        if (!deletedYet) {
            steward.api(api -> {
                deleted.forEach(id -> tryTo(() -> api.delete(id)));
                return null;
            });
        }
        List<UUID> all = new ArrayList<>();
        all.addAll(running);
        all.addAll(rolled);
        all.addAll(deleted);
        all.addAll(expiring);
        Tally tally = steward.api(api -> {
            int converged = 0;
            int missed = 0;
            for (UUID id : running) {
                converged += reaches(() -> api.get(id), v -> v.status() == SessionStatus.RUNNING
                        && v.observedGeneration() == v.generation()) ? 1 : 0;
            }
            for (UUID id : rolled) {
                converged += reaches(() -> api.get(id), v -> v.status() == SessionStatus.RUNNING
                        && v.generation() >= 2 && v.observedGeneration() == v.generation()) ? 1 : 0;
            }
            for (UUID id : deleted) {
                converged += reaches(() -> api.get(id), v -> v.status() == SessionStatus.DELETED) ? 1 : 0;
            }
            for (UUID id : expiring) {
                boolean ended = reaches(() -> api.get(id), v -> v.status() == SessionStatus.EXPIRED
                        || v.status() == SessionStatus.DELETED);
                converged += ended ? 1 : 0;
                // Held when nothing is left once the deadline has passed and the service has caught up.
                missed += ended && steward.engine.containersOf(id).isEmpty() ? 0 : 1;
            }
            Set<String> live = new HashSet<>();
            running.forEach(id -> live.add(id.toString()));
            rolled.forEach(id -> live.add(id.toString()));
            int[] problems = new int[2];
            reaches(() -> {
                List<Container> containers = steward.engine.containersOf("it-" + steward.run);
                problems[0] = Convergence.duplicateContainers(containers).size();
                problems[1] = Convergence.orphans(containers, live).size();
                return problems[0] + problems[1];
            }, n -> n == 0);
            int lost = 0;
            int duplicated = 0;
            for (UUID id : all) {
                List<TransitionView> transitions = api.transitions(id);
                duplicated += Convergence.duplicatedTransitions(transitions).size();
                SessionView view = api.get(id);
                List<TransitionView> ofSession = transitions.stream()
                        .filter(t -> t.kind() == ResourceKind.SESSION).toList();
                boolean recordedLast = !ofSession.isEmpty() && ofSession.getLast().to().equals(view.status().name());
                lost += recordedLast ? 0 : 1;
            }
            return new Tally(converged, all.size(), problems[0], problems[1], lost, duplicated, missed);
        });
        // Clean up for the next run: every live session deleted.
        steward.api(api -> {
            live(running, rolled).forEach(id -> tryTo(() -> api.delete(id)));
            live(running, rolled).forEach(id -> reaches(() -> api.get(id), v -> v.status() == SessionStatus.DELETED));
            return null;
        });
        steward.killService();
        return tally;
    }

    private static List<UUID> live(List<UUID> a, List<UUID> b) {
        List<UUID> both = new ArrayList<>(a);
        both.addAll(b);
        return both;
    }

    private static Map<String, Object> session(String owner, String... pods) {
        return Map.of("owner", owner, "parts", List.of(Specs.part("web", pods)));
    }

    private static Map<String, Object> rolledSpec(String owner) {
        return Map.of("owner", owner, "parts", List.of(Map.of("name", "web", "pods", List.of(
                Map.of("name", "a", "image", Specs.BUSYBOX, "command", List.of("sleep", "3600"), "env", Map.of("V", "2")),
                Map.of("name", "b", "image", Specs.BUSYBOX, "command", List.of("sleep", "3600"), "env", Map.of("V", "2"))))));
    }

    private static <T> boolean reaches(Supplier<T> probe, Predicate<T> done) {
        try {
            Eventually.await("convergence", CONVERGE, probe, done);
            return true;
        } catch (AssertionError notReached) {
            return false;
        }
    }

    private static void tryTo(Runnable call) {
        try {
            call.run();
        } catch (RuntimeException refused) {
            System.out.println("  (a call was refused: " + refused.getMessage() + ")");
        }
    }
}
