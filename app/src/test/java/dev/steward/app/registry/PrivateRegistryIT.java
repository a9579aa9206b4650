package dev.steward.app.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.exception.NotFoundException;
import dev.steward.app.api.TransitionView;
import dev.steward.app.support.PrivateRegistry;
import dev.steward.app.support.SessionApi;
import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.Specs;
import dev.steward.app.support.ThrottlingProxy;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.PullProgress;
import dev.steward.model.SessionStatus;
import dev.steward.store.ImagePullProgressRepository;
import dev.steward.store.RegistryCredentialRepository;
import dev.steward.workflow.support.Eventually;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.client.BlockingHttpClient;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * Images pulled from a private registry on this machine with registered credentials ({@link PrivateRegistry}:
 * Debian's {@code docker-registry} on 127.0.0.1 and a free port, htpasswd authentication, TLS under a certificate
 * {@code openssl} makes, whose CA sits in {@code /etc/containers/certs.d/127.0.0.1:PORT} while the registry
 * runs; busybox pushed into it with Podman):
 * <ul>
 *   <li>refused credentials fail the pod at once ({@code ImagePullFailed});
 *   <li>registered ones run it ({@code RUNNING}, {@code Pulling} and {@code Pulled} in the transitions), the
 *       password in no response and not in clear in PostgreSQL;
 *   <li>a stopped registry backs the pull off ({@code ImagePullBackOff}) until it is back, then the session
 *       runs;
 *   <li>an image with a 4 MB layer of random bytes, pulled through {@link ThrottlingProxy} at 512 KB a second,
 *       shows {@code PENDING}, {@code Pulling} and a {@code pullProgress} part-way while it comes, and none once
 *       the pod is {@code READY}.
 * </ul>
 */
@MicronautTest
class PrivateRegistryIT extends SessionApiBase {

    private static final String USER = "steward";
    private final String password = "pw-" + UUID.randomUUID();

    @Inject
    RegistryCredentialRepository credentials;

    @Inject
    ImagePullProgressRepository pullProgress;

    @Test
    void podsPullTheirImageWithTheRegisteredCredentials() throws Exception {
        BlockingHttpClient http = client.toBlocking();
        try (PrivateRegistry registry = PrivateRegistry.start(USER, password)) {
            String image = registry.push(Specs.BUSYBOX, "steward/busybox:1", USER, password);
            try {
                register(http, registry.address(), "not-" + password);
                PodView refused = runUntil(image, "refused", p -> p.status() == PodStatus.FAILED);
                assertEquals("ImagePullFailed", refused.reason());
                assertTrue(refused.message().contains("unauthorized"), refused.message());

                register(http, registry.address(), password);
                String shown = http.retrieve(HttpRequest.GET("/api/v1/registry-credentials"), String.class);
                assertTrue(shown.contains(registry.address()) && shown.contains("\"kind\":\"password\""), shown);
                assertFalse(shown.contains(password), "the password is never shown");
                byte[] stored = credentials.findById(registry.address()).orElseThrow().secretEncrypted();
                assertFalse(new String(stored, StandardCharsets.ISO_8859_1).contains(password), "stored encrypted");

                runUntil(image, "pulled", p -> p.status() == PodStatus.READY);
                removeImage(image);

                registry.stop();
                UUID backingOff = api.create(session("unreachable", image)).id();
                PodView waiting = awaitPod(backingOff, p -> "ImagePullBackOff".equals(p.reason()));
                assertEquals(PodStatus.PENDING, waiting.status());
                assertTrue(waiting.message().contains("connection refused"), waiting.message());
                registry.start();
                awaitPod(backingOff, p -> p.status() == PodStatus.READY);
                cleanUp(backingOff);
            } finally {
                removeImage(image);
                http.exchange(HttpRequest.DELETE("/api/v1/registry-credentials/" + registry.address()));
            }
        }
    }

    /**
     * A pod whose image comes slowly (a layer of 4 MB through a proxy that passes 512 KB a second) is
     * seen PENDING, Pulling, with how far the pull is, and without it once its container runs.
     */
    @Test
    void aPullingPodShowsHowFarItsPullIs() throws Exception {
        BlockingHttpClient http = client.toBlocking();
        try (PrivateRegistry registry = PrivateRegistry.start(USER, password)) {
            String pushed = registry.pushWithLayerOf(4_000_000, Specs.BUSYBOX, "steward/layered:1", USER, password);
            try (ThrottlingProxy proxy = registry.throttled(512 * 1024)) {
                String image = pushed.replace(registry.address(), proxy.address());
                register(http, proxy.address(), password);
                UUID id = api.create(session("pulling", image)).id();
                try {
                    PodView pulling = awaitPod(id, p -> p.pullProgress() != null && p.pullProgress().bytesDone() > 0
                            && p.pullProgress().bytesTotal() != null);
                    assertEquals(PodStatus.PENDING, pulling.status());
                    assertEquals("Pulling", pulling.reason());
                    PullProgress progress = pulling.pullProgress();
                    assertTrue(progress.layers() >= 1 && progress.layersDone() < progress.layers(), progress.toString());
                    assertTrue(progress.bytesTotal() >= 4_000_000 && progress.bytesDone() < progress.bytesTotal(),
                            progress.toString());
                    assertTrue(progress.updatedAt().isAfter(Instant.now().minusSeconds(60)), progress.toString());
                    String raw = http.retrieve(HttpRequest.GET("/api/v1/sessions/" + id), String.class);
                    assertTrue(raw.contains("\"pullProgress\":{"), raw);

                    PodView running = awaitPod(id, p -> p.status() == PodStatus.READY);
                    assertNull(running.pullProgress(), "no progress once pulled");
                    assertEquals(List.of(), pullProgress.findByImageIn(List.of(image)), "the pull's row is gone");
                } finally {
                    cleanUp(id);
                    removeImage(image);
                    http.exchange(HttpRequest.DELETE("/api/v1/registry-credentials/" + proxy.address()));
                }
            }
        }
    }

    /** Runs a session of one pod of {@code image} until the pod is as wanted, checks its pull transitions, and deletes it. */
    private PodView runUntil(String image, String owner, Predicate<PodView> wanted) {
        UUID id = api.create(session(owner, image)).id();
        PodView pod = awaitPod(id, wanted);
        List<String> reasons = api.transitions(id).stream().filter(t -> "p/app".equals(t.resource()))
                .map(TransitionView::reason).toList();
        assertTrue(reasons.contains("Pulling"), reasons.toString());
        if (pod.status() == PodStatus.READY) {
            // Created first, the engine said the image was missing, pulled, created again.
            assertTrue(reasons.indexOf("Pulled") < reasons.lastIndexOf("Creating"), reasons.toString());
            assertEquals(image, docker.inspectContainerCmd(pod.containerId()).exec().getConfig().getImage());
        }
        cleanUp(id);
        return pod;
    }

    private void register(BlockingHttpClient http, String registry, String secret) {
        assertEquals(HttpStatus.CREATED, http.exchange(HttpRequest.POST("/api/v1/registry-credentials",
                Map.of("registry", registry, "username", USER, "password", secret))).getStatus());
    }

    private void removeImage(String image) {
        try {
            docker.removeImageCmd(image).withForce(true).exec();
        } catch (NotFoundException gone) {
            // Not pulled, or removed already.
        }
    }

    private PodView awaitPod(UUID id, Predicate<PodView> wanted) {
        return Eventually.await("pod p/app of " + id + " as wanted", SessionApi.DEADLINE,
                () -> api.get(id).parts().getFirst().pods().getFirst(), wanted);
    }

    private void cleanUp(UUID id) {
        api.delete(id);
        api.awaitStatus(id, SessionStatus.DELETED);
    }

    /** A pod that fails leaves its session running (onFailure CONTINUE), so the test deletes it whatever befell it. */
    private static Map<String, Object> session(String owner, String image) {
        return Map.of("owner", owner, "parts", List.of(Map.of("name", "p", "onFailure", "CONTINUE",
                "pods", List.of(Map.of("name", "app", "image", image, "command", List.of("sleep", "3600"))))));
    }
}
