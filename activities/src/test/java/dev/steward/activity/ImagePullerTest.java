package dev.steward.activity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    @Test
    void theRegistryOfAReferenceIsItsFirstComponentWhenThatNamesAHost() {
        assertEquals("127.0.0.1:5000", RegistryAuths.registryOf("127.0.0.1:5000/steward/busybox:1"));
        assertEquals("registry.example.com", RegistryAuths.registryOf("registry.example.com/team/app"));
        assertEquals("localhost", RegistryAuths.registryOf("localhost/busybox:latest"));
        assertEquals("docker.io", RegistryAuths.registryOf("library/nginx:1.27"));
        assertEquals("docker.io", RegistryAuths.registryOf("nginx:1.27"));
    }
}
