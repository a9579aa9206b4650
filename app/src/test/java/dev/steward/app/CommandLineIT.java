package dev.steward.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.support.AuthorizationRecorder;
import dev.steward.app.support.ExternalCommand;
import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.Specs;
import dev.steward.app.support.TestTokens;
import dev.steward.model.SessionStatus;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code ./steward sessions list|get|delete|watch}, {@code hosts} and {@code events} against the service, with a
 * token file ({@code STEWARD_TOKEN_FILE}): each prints its table, the deletion takes effect, and every call
 * carried the token ({@link AuthorizationRecorder}).
 */
@MicronautTest
class CommandLineIT extends SessionApiBase {

    private static final String TOKEN = TestTokens.ADMIN;
    private static final Path LAUNCHER = Path.of("..", "steward").toAbsolutePath().normalize();

    @Inject
    EmbeddedServer server;

    @Inject
    AuthorizationRecorder authorizations;

    @Test
    void theCommandLinePrintsSessionsHostsAndEventsAsTablesAndDeletes() throws IOException {
        Path tokenFile = Files.createTempFile("steward-token", "");
        Files.writeString(tokenFile, TOKEN + "\n");
        UUID id = api.create(Map.of("owner", "cli-" + UUID.randomUUID(), "parts",
                List.of(Specs.part("web", "server")))).id();
        try {
            api.awaitStatus(id, SessionStatus.RUNNING);
            String owner = api.get(id).owner();

            String list = steward(tokenFile, "sessions", "list", "--owner", owner);
            assertEquals(List.of("ID", "OWNER", "STATUS", "DESIRED", "PODS", "READY", "REASON"),
                    List.of(list.lines().findFirst().orElseThrow().split("\\s+")), list);
            assertTrue(list.lines().anyMatch(l -> l.startsWith(id + "  " + owner) && l.contains("RUNNING")
                    && l.contains("1/1")), list);

            String get = steward(tokenFile, "sessions", "get", id.toString());
            assertTrue(get.lines().anyMatch(l -> l.startsWith("web") && l.contains("server") && l.contains("READY")
                    && l.contains("local")), get);

            String hosts = steward(tokenFile, "hosts");
            assertTrue(hosts.lines().anyMatch(l -> l.startsWith("local ") && l.contains("READY")), hosts);

            String events = steward(tokenFile, "events", id.toString());
            assertTrue(events.lines().anyMatch(l -> l.contains("SESSION") && l.contains("RUNNING")), events);

            String deleted = steward(tokenFile, "sessions", "delete", id.toString());
            assertTrue(deleted.contains("desired status DELETED"), deleted);
            api.awaitStatus(id, SessionStatus.DELETED);

            String watched = steward(tokenFile, "sessions", "watch", id.toString());
            assertTrue(watched.lines().reduce((a, b) -> b).orElseThrow().contains("-> DELETED"), watched);

            List<AuthorizationRecorder.Seen> calls = authorizations.to(id.toString()).stream()
                    .filter(c -> c.userAgent() != null && c.userAgent().startsWith("Python-urllib")).toList();
            assertTrue(calls.size() >= 4, calls.toString());
            assertTrue(calls.stream().allMatch(c -> ("Bearer " + TOKEN).equals(c.authorization())), calls.toString());
        } finally {
            Files.delete(tokenFile);
            if (api.get(id).status() != SessionStatus.DELETED) {
                api.delete(id);
                api.awaitStatus(id, SessionStatus.DELETED);
            }
        }
    }

    private String steward(Path tokenFile, String... args) {
        return ExternalCommand.run(LAUNCHER.getParent(), Map.of("STEWARD_URL", server.getURL().toString(),
                "STEWARD_TOKEN_FILE", tokenFile.toString()), "", Duration.ofSeconds(60),
                Stream.concat(Stream.of(LAUNCHER.toString()), Stream.of(args)).toList());
    }
}
