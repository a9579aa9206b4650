package dev.steward.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Image references are read as Docker reads them: a registry host first, else Docker Hub's. */
class ImageReferenceTest {

    @Test
    void theRegistryOfAReferenceIsItsFirstComponentWhenThatNamesAHost() {
        assertEquals("127.0.0.1:5000", ImageReference.registry("127.0.0.1:5000/steward/busybox:1"));
        assertEquals("registry.example.com", ImageReference.registry("registry.example.com/team/app"));
        assertEquals("localhost", ImageReference.registry("localhost/busybox:latest"));
        assertEquals("docker.io", ImageReference.registry("library/nginx:1.27"));
        assertEquals("docker.io", ImageReference.registry("nginx:1.27"));
        assertEquals("docker.io", ImageReference.registry("busybox@sha256:abc"));
        assertEquals("docker.io", ImageReference.registry("team/localhost.example.com"), "a host later in the path names none");
    }

    @Test
    void aFullyQualifiedReferenceNamesItsRegistryAndDockerHubsLibrary() {
        assertEquals("docker.io/library/busybox", ImageReference.fullyQualified("busybox"));
        assertEquals("docker.io/library/nginx:1.27", ImageReference.fullyQualified("nginx:1.27"));
        assertEquals("docker.io/team/app", ImageReference.fullyQualified("team/app"));
        assertEquals("docker.io/library/busybox", ImageReference.fullyQualified("docker.io/library/busybox"));
        assertEquals("localhost/busybox:latest", ImageReference.fullyQualified("localhost/busybox:latest"));
        assertEquals("registry.example.com:5000/x", ImageReference.fullyQualified("registry.example.com:5000/x"));
    }
}
