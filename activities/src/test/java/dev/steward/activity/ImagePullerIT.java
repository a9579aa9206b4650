package dev.steward.activity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.NotFoundException;
import dev.steward.contract.ContainerActivities;
import dev.steward.contract.ImagePullProgress;
import io.temporal.failure.ApplicationFailure;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Pulls on the real engine: a registry that cannot be reached is told apart from a refusal, with progress meanwhile. */
class ImagePullerIT {

    private static DockerClient docker;

    @BeforeAll
    static void connect() {
        docker = DockerClientFactory.create(System.getenv("DOCKER_HOST"));
    }

    @AfterAll
    static void disconnect() throws IOException {
        docker.close();
    }

    @Test
    void aRegistryThatCannotBeReachedFailsRetryablyAfterReportingProgress() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        String image = "127.0.0.1:" + closedPort + "/steward/absent:1";
        List<ImagePullProgress> heard = new CopyOnWriteArrayList<>();

        ApplicationFailure failure = assertThrows(ApplicationFailure.class,
                () -> new ImagePuller(() -> docker, i -> null, ImagePullReports.NONE).pull(image, heard::add));

        assertEquals(ContainerActivities.IMAGE_PULL_UNAVAILABLE, failure.getType());
        assertFalse(failure.isNonRetryable());
        assertTrue(failure.getOriginalMessage().contains("connection refused"), failure.getOriginalMessage());
        assertThrows(NotFoundException.class, () -> docker.inspectImageCmd(image).exec(), "nothing was pulled");
        // Podman tries the registry for about three seconds before it gives up, heard every second meanwhile.
        assertFalse(heard.isEmpty(), "progress heard while the engine tried");
    }
}
