package dev.steward.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.command.InspectVolumeResponse;
import com.github.dockerjava.api.exception.ConflictException;
import com.github.dockerjava.api.exception.InternalServerErrorException;
import dev.steward.activity.SessionNetworks;
import dev.steward.activity.SessionVolumes;
import dev.steward.app.support.SessionApi;
import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.Specs;
import dev.steward.contract.StewardLabels;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.SessionStatus;
import dev.steward.workflow.support.Eventually;
import io.micronaut.http.HttpStatus;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * A session's volumes outlive its containers and go with the session, unless it retains them: a file written on
 * a session volume by one container is found by the pod's rolling replacement (a spec change whose new container
 * is ready only if it finds the file); the moment the session is {@code DELETED} the volume is gone from the
 * engine (no resync waited for), the volume marked {@code retainOnDelete} is not (the test then removes it), and
 * the session's network is gone too.
 */
@MicronautTest
class SessionVolumeIT extends SessionApiBase {

    @Test
    void aFileOnAVolumeSurvivesAReplacementAndTheVolumeGoesWithTheSession() {
        Map<String, Object> writer = pod(List.of("sh", "-c", "echo kept > /data/marker && exec sleep 3600"));
        // The replacement is ready only if it finds what the first container wrote.
        Map<String, Object> reader = pod(List.of("sh", "-c", "exec sleep 3601"));
        reader.put("readiness", Map.of("type", "exec", "command", List.of("grep", "-q", "kept", "/data/marker"),
                "intervalSeconds", 1));
        UUID id = api.create(spec(writer)).id();
        String data = SessionVolumes.name(id.toString(), "data");
        String kept = SessionVolumes.name(id.toString(), "kept");
        try {
            PodView first = awaitPod(id, p -> p.status() == PodStatus.READY);
            InspectVolumeResponse volume = docker.inspectVolumeCmd(data).exec();
            assertEquals(id.toString(), volume.getLabels().get(StewardLabels.SESSION));
            assertEquals("data", volume.getLabels().get(SessionVolumes.VOLUME_LABEL));

            assertEquals(HttpStatus.ACCEPTED, api.updateSpec(id, spec(reader)));
            PodView replaced = awaitPod(id, p -> p.status() == PodStatus.READY
                    && !first.containerId().equals(p.containerId()));
            assertNotEquals(first.containerId(), replaced.containerId());
            assertTrue(api.transitions(id).stream().noneMatch(t -> "RolloutFailed".equals(t.reason())),
                    "the replacement found the file the first container wrote");
            api.delete(id);
            api.awaitStatus(id, SessionStatus.DELETED);
            // The teardown removed it before the session said DELETED: no resync is waited for.
            assertFalse(engine.hasVolume(data), "volume " + data + " is gone once the session is DELETED");
            assertTrue(engine.hasVolume(kept), "a volume with retainOnDelete stays");
            Eventually.await("network removed", SessionApi.DEADLINE,
                    () -> engine.hasNetwork(SessionNetworks.name(id.toString())),
                    exists -> !exists);
        } finally {
            if (api.get(id).status() != SessionStatus.DELETED) {
                api.delete(id);
                api.awaitStatus(id, SessionStatus.DELETED);
            }
            // Retained: this test's to remove.
            if (engine.hasVolume(kept)) {
                Eventually.await("volume " + kept + " removed", SessionApi.DEADLINE,
                        () -> removeVolume(kept), removed -> removed);
            }
        }
    }

    /** Removes the volume, false while a container still uses it. */
    private boolean removeVolume(String name) {
        try {
            docker.removeVolumeCmd(name).exec();
            return true;
        } catch (ConflictException | InternalServerErrorException inUse) {
            return false;
        }
    }

    private static Map<String, Object> spec(Map<String, Object> pod) {
        return Map.of("owner", "volumes",
                "volumes", List.of(Map.of("name", "data", "sizeMb", 16), Map.of("name", "kept", "retainOnDelete", true)),
                "parts", List.of(Map.of("name", "p", "pods", List.of(pod))));
    }

    private static Map<String, Object> pod(List<String> command) {
        Map<String, Object> pod = new HashMap<>();
        pod.put("name", "store");
        pod.put("image", Specs.BUSYBOX);
        pod.put("command", command);
        pod.put("mounts", List.of(Map.of("volume", "data", "path", "/data"),
                Map.of("volume", "kept", "path", "/kept", "readOnly", true)));
        return pod;
    }

    private PodView awaitPod(UUID id, Predicate<PodView> wanted) {
        return Eventually.await("pod p/store as wanted", SessionApi.DEADLINE,
                () -> api.get(id).parts().getFirst().pods().getFirst(), wanted);
    }
}
