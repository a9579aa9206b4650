package dev.steward.activity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.dockerjava.api.model.PullResponseItem;
import dev.steward.contract.ImagePullProgress;
import org.junit.jupiter.api.Test;

/** How a pull reads image references and what registries answer. */
class ImagePullerTest {

    @Test
    void aRegistrysRefusalIsToldFromItsAbsence() {
        assertTrue(ImagePuller.isRefusal("reading manifest 1 in r/x: unauthorized: authentication required"));
        assertTrue(ImagePuller.isRefusal("reading manifest 1 in r/nope: manifest unknown: manifest unknown"));
        assertTrue(ImagePuller.isRefusal("pull access denied for x"));
        assertFalse(ImagePuller.isRefusal("pinging container registry r: dial tcp 127.0.0.1:1: connect: connection refused"));
        assertFalse(ImagePuller.isRefusal("received unexpected HTTP status: 503 Service Unavailable"));
    }

    @Test
    void aReferenceWithoutTagOrDigestMeansLatest() {
        assertEquals("busybox:latest", ImagePuller.tagged("busybox"));
        assertEquals("127.0.0.1:5000/steward/busybox:latest", ImagePuller.tagged("127.0.0.1:5000/steward/busybox"));
        assertEquals("127.0.0.1:5000/steward/busybox:1", ImagePuller.tagged("127.0.0.1:5000/steward/busybox:1"));
        assertEquals("busybox@sha256:abc", ImagePuller.tagged("busybox@sha256:abc"));
    }

    /** As Podman's Docker-compatible pull reports a layer it has and one it downloads. */
    @Test
    void thePullsBytesInAllAreKnownOnceEveryLayerToDownloadToldItsSize() throws Exception {
        ImagePuller.Layers layers = new ImagePuller.Layers();
        layers.add(item("{\"status\":\"Already exists\",\"id\":\"aaa\"}"));
        layers.add(item("{\"status\":\"Pulling fs layer\",\"id\":\"bbb\"}"));
        assertEquals(new ImagePullProgress(1, 2, 0, null), layers.progress(), "bbb's size is not known yet");

        layers.add(item("{\"status\":\"Downloading\",\"progressDetail\":{\"current\":300,\"total\":1000},\"id\":\"bbb\"}"));
        assertEquals(new ImagePullProgress(1, 2, 300, 1000L), layers.progress());

        layers.add(item("{\"status\":\"Download complete\",\"id\":\"bbb\"}"));
        assertEquals(new ImagePullProgress(2, 2, 1000, 1000L), layers.progress(), "a done layer counts whole");
    }

    @Test
    void aLayerDoneBeforeItToldItsSizeCountsWhatItDownloaded() throws Exception {
        ImagePuller.Layers layers = new ImagePuller.Layers();
        layers.add(item("{\"status\":\"Pulling fs layer\",\"id\":\"ccc\"}"));
        assertNull(layers.progress().bytesTotal());
        layers.add(item("{\"status\":\"Download complete\",\"id\":\"ccc\"}"));
        assertEquals(new ImagePullProgress(1, 1, 0, 0L), layers.progress());
    }

    private static PullResponseItem item(String json) throws Exception {
        return new ObjectMapper().readValue(json, PullResponseItem.class);
    }
}
