package dev.steward.activity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Event;
import dev.steward.config.EngineConfig;
import dev.steward.contract.StewardLabels;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link EngineEvents} on the real engine named by {@code DOCKER_HOST}: a container killed while no watch runs is
 * seen by the next watch, which starts where the last one got, and an event is passed on once across two watches.
 * The test owns the containers of its own random deployment, and removes them.
 */
class EngineEventsIT {

    private static final String IMAGE = System.getProperty("steward.it.image", "localhost/busybox:latest");
    /** How long a watch waits for what it expects; it ends as soon as it has seen it. */
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    private final String deployment = "it-" + UUID.randomUUID().toString().substring(0, 8);
    private DockerClient docker;
    private EngineEvents events;
    private String container;

    @BeforeEach
    void connect() {
        docker = DockerClientFactory.create(new EngineConfig(null).host());
        events = new EngineEvents(() -> docker);
        container = docker.createContainerCmd(IMAGE)
                .withName("steward-it-events-" + deployment)
                .withLabels(StewardLabels.forDeployment(deployment))
                .withCmd("sleep", "600")
                .exec().getId();
    }

    @AfterEach
    void removeAndDisconnect() throws IOException {
        docker.removeContainerCmd(container).withForce(true).exec();
        docker.close();
    }

    @Test
    void aKillBetweenTwoWatchesReachesTheNextAndNoEventIsPassedOnTwice() throws InterruptedException {
        Long before = events.engineNow();
        assertNotNull(before, "the engine says its time");
        startAndKill();
        List<Event> first = Collections.synchronizedList(new ArrayList<>());
        long firstUntil = events.watch(deployment, before, first::add, untilSeen(first, 1));
        assertEquals(1, dies(first), "the kill before the first watch, passed on by it: " + actions(first));

        startAndKill();
        List<Event> second = Collections.synchronizedList(new ArrayList<>());
        long secondUntil = events.watch(deployment, firstUntil, second::add, untilSeen(second, 1));

        assertEquals(1, dies(second), "the kill between the watches, passed on by the second, and the first's"
                + " kill not again: " + actions(second));
        assertTrue(secondUntil > firstUntil, "the second got further: " + firstUntil + " then " + secondUntil);
        assertTrue(second.stream().allMatch(e -> e.getTimeNano() > firstUntil),
                "nothing the first passed on: " + actions(second));
    }

    private void startAndKill() {
        docker.startContainerCmd(container).exec();
        docker.killContainerCmd(container).exec();
        docker.waitContainerCmd(container).start().awaitStatusCode();
    }

    /** Goes on until the watch has passed on {@code count} deaths, then ends it; or fails at the deadline. */
    private static Predicate<Long> untilSeen(List<Event> seen, int count) {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        return seenUntil -> {
            if (dies(seen) >= count) {
                return false;
            }
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("no " + count + " die event(s) within " + PATIENCE + ": " + actions(seen));
            }
            return true;
        };
    }

    private static long dies(List<Event> seen) {
        synchronized (seen) {
            return seen.stream().filter(e -> "die".equals(e.getAction())).count();
        }
    }

    private static List<String> actions(List<Event> seen) {
        synchronized (seen) {
            return seen.stream().map(Event::getAction).toList();
        }
    }
}
