package dev.steward.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class HostSpecValidatorTest {

    private static final HostTls FILES = new HostTls("/certs/ca.pem", "/certs/cert.pem", "/certs/key.pem", null);

    private static List<String> fields(HostSpec spec) {
        return HostSpecValidator.validate(spec).stream().map(FieldError::field).toList();
    }

    private static HostSpec endpoint(String endpoint) {
        return new HostSpec("h1", endpoint, null, null, null);
    }

    @ParameterizedTest
    @ValueSource(strings = {"unix:///run/podman/podman.sock", "tcp://10.0.0.5:2376", "tcp://engine.example:2375",
            "tcp://[::1]:2376"})
    void validEndpointsPass(String endpoint) {
        assertEquals(List.of(), fields(endpoint(endpoint)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "podman.sock", "unix://relative.sock", "unix:///", "http://host:2375", "tcp://host",
            "tcp://host:0", "tcp://host:70000", "tcp://host:2375/path", "tcp://user@host:2375", "tcp:// bad:1",
            "unix:///run/x.sock?y=1"})
    void badEndpointsAreNamed(String endpoint) {
        assertEquals(List.of("endpoint"), fields(endpoint(endpoint)));
    }

    @Test
    void negativeCapacityIsNamedPerField() {
        HostSpec spec = new HostSpec("h1", "unix:///x.sock", new HostCapacity(-1, -0.5, -1L), null, null);
        assertEquals(List.of("capacity.pods", "capacity.cpus", "capacity.memoryMb"), fields(spec));
        assertEquals(List.of("capacity.cpus"), fields(new HostSpec("h1", "unix:///x.sock",
                new HostCapacity(0, Double.POSITIVE_INFINITY, 0L), null, null)));
    }

    @Test
    void namesAreDnsLabels() {
        assertEquals(List.of("name"), fields(new HostSpec("Bad_Name", "unix:///x.sock", null, null, null)));
        assertEquals(List.of("name"), fields(new HostSpec(null, "unix:///x.sock", null, null, null)));
    }

    @Test
    void labelsAreKubernetesStyle() {
        assertEquals(List.of(), fields(new HostSpec("h1", "unix:///x.sock", null,
                Map.of("zone", "eu-west-1", "steward.dev/disk", "ssd", "empty", ""), null)));
        assertEquals(List.of("labels.bad key"), fields(new HostSpec("h1", "unix:///x.sock", null,
                Map.of("bad key", "x"), null)));
    }

    @Test
    void tlsIsFilesOrASecretForTcpOnly() {
        assertEquals(List.of(), fields(new HostSpec("h1", "tcp://e:2376", null, null, FILES)));
        assertEquals(List.of(), fields(new HostSpec("h1", "tcp://e:2376", null, null,
                new HostTls(null, null, null, "steward/engine-a"))));
        assertEquals(List.of("tls"), fields(new HostSpec("h1", "unix:///x.sock", null, null, FILES)));
        assertEquals(List.of("tls.keyPath"), fields(new HostSpec("h1", "tcp://e:2376", null, null,
                new HostTls("/c/ca.pem", "/c/cert.pem", null, null))));
        assertEquals(List.of("tls.caPath"), fields(new HostSpec("h1", "tcp://e:2376", null, null,
                new HostTls("ca.pem", "/c/cert.pem", "/c/key.pem", null))));
        assertEquals(List.of("tls", "tls.secretRef"), fields(new HostSpec("h1", "tcp://e:2376", null, null,
                new HostTls("/c/ca.pem", null, null, "just-a-name"))));
    }

    @Test
    void aChangeChecksCapacityAndLabelsOnly() {
        assertEquals(List.of("capacity.pods", "labels.a b"), HostSpecValidator
                .validateChange(new HostCapacity(-3, null, null), Map.of("a b", "x"))
                .stream().map(FieldError::field).toList());
        assertEquals(List.of(), HostSpecValidator.validateChange(null, null));
    }
}
