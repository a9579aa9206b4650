package dev.steward.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.params.provider.Arguments.argumentSet;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class SpecHashTest {

    private static final String IMAGE = "localhost/busybox:latest";
    private static final List<String> COMMAND = List.of("sleep", "3600");

    private static PodSpec pod(String image, List<String> command, Map<String, ?> env, List<PortMapping> ports) {
        return new PodSpec("app", image, command, env, ports);
    }

    private static Map<String, String> orderedEnv(String... keysAndValues) {
        Map<String, String> env = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            env.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return env;
    }

    private static PodSpec base() {
        return pod(IMAGE, COMMAND, orderedEnv("A", "1", "B", "2"),
                List.of(new PortMapping(80, 8080), new PortMapping(443, null)));
    }

    @Test
    void isAHexSha256() {
        String hash = SpecHash.of(base());
        assertEquals(64, hash.length());
        assertTrue(hash.matches("[0-9a-f]{64}"), hash);
    }

    @Test
    void equalSpecsHashEqually() {
        assertEquals(SpecHash.of(base()), SpecHash.of(base()));
    }

    /** Specs that differ only in what does not change the container: order where it means nothing, the pod's name. */
    static Stream<Arguments> sameContainer() {
        return Stream.of(
                argumentSet("reordered env", base(),
                        pod(IMAGE, COMMAND, orderedEnv("B", "2", "A", "1"), base().ports())),
                argumentSet("reordered ports", base(), pod(IMAGE, COMMAND, base().env(),
                        List.of(new PortMapping(443, null), new PortMapping(80, 8080)))),
                argumentSet("the same port on several host ports, in any order",
                        pod(IMAGE, COMMAND, Map.of(),
                                List.of(new PortMapping(80, 8081), new PortMapping(80, null), new PortMapping(80, 8080))),
                        pod(IMAGE, COMMAND, Map.of(),
                                List.of(new PortMapping(80, 8080), new PortMapping(80, 8081), new PortMapping(80, null)))),
                argumentSet("another pod name", base(),
                        new PodSpec("other", IMAGE, COMMAND, base().env(), base().ports())),
                argumentSet("tcp said or not", base(), pod(IMAGE, COMMAND, base().env(),
                        List.of(new PortMapping(80, 8080, PortProtocol.TCP), new PortMapping(443, null)))),
                argumentSet("no added capability said or not", base(), withCapabilities(List.of())),
                argumentSet("added capabilities in another order, or twice",
                        withCapabilities(List.of("NET_RAW", "SYS_CHROOT")),
                        withCapabilities(List.of("SYS_CHROOT", "NET_RAW", "NET_RAW"))));
    }

    @ParameterizedTest
    @MethodSource("sameContainer")
    void specsOfTheSameContainerHashTheSame(PodSpec one, PodSpec other) {
        assertEquals(SpecHash.of(one), SpecHash.of(other));
    }

    /** Specs of containers that differ in one thing. */
    static Stream<Arguments> otherContainer() {
        return Stream.of(
                argumentSet("a changed image", base(),
                        pod("localhost/busybox:1.36", COMMAND, base().env(), base().ports())),
                argumentSet("a changed command", base(),
                        pod(IMAGE, List.of("sleep", "60"), base().env(), base().ports())),
                argumentSet("the command's order", base(),
                        pod(IMAGE, List.of("3600", "sleep"), base().env(), base().ports())),
                argumentSet("the command's argument boundaries",
                        pod(IMAGE, List.of("echo", "a b"), Map.of(), List.of()),
                        pod(IMAGE, List.of("echo", "a", "b"), Map.of(), List.of())),
                argumentSet("a changed env value", base(),
                        pod(IMAGE, COMMAND, orderedEnv("A", "1", "B", "3"), base().ports())),
                argumentSet("an added env variable", base(),
                        pod(IMAGE, COMMAND, orderedEnv("A", "1", "B", "2", "C", "3"), base().ports())),
                argumentSet("a changed container port", base(), pod(IMAGE, COMMAND, base().env(),
                        List.of(new PortMapping(81, 8080), new PortMapping(443, null)))),
                argumentSet("a changed host port", base(), pod(IMAGE, COMMAND, base().env(),
                        List.of(new PortMapping(80, 9090), new PortMapping(443, null)))),
                argumentSet("a port's protocol", base(), pod(IMAGE, COMMAND, base().env(),
                        List.of(new PortMapping(80, 8080), new PortMapping(443, null, PortProtocol.UDP)))),
                argumentSet("a rotated secret", fromSecret("db", "password", 1), fromSecret("db", "password", 2)),
                argumentSet("another secret's key", fromSecret("db", "password", 1), fromSecret("db", "user", 1)),
                argumentSet("a secret instead of a value written as its reference",
                        pod(IMAGE, COMMAND, Map.of("A", "db\u0000password\u00001"), List.of()),
                        fromSecret("db", "password", 1)),
                argumentSet("an added capability", base(), withCapabilities(List.of("NET_RAW"))));
    }

    private static PodSpec withCapabilities(List<String> capabilities) {
        PodSpec b = base();
        return new PodSpec(b.name(), b.image(), b.command(), b.env(), b.ports(), null, null, null, null, null, null,
                null, null, null, null, capabilities);
    }

    private static PodSpec fromSecret(String secret, String key, long version) {
        return pod(IMAGE, COMMAND, Map.of("A", EnvValue.fromSecret(new SecretKeyRef(secret, key, version))), List.of());
    }

    @ParameterizedTest
    @MethodSource("otherContainer")
    void specsOfAnotherContainerHashDifferently(PodSpec one, PodSpec other) {
        assertNotEquals(SpecHash.of(one), SpecHash.of(other));
    }

    @Test
    void limitsAreNoPartOfTheHashThatNamesTheContainer() {
        PodSpec b = base();
        PodSpec limited = new PodSpec(b.name(), b.image(), b.command(), b.env(), b.ports(), null, null, null, null, null,
                new PodResources(0.5, 64L));
        PodSpec moreCpus = new PodSpec(b.name(), b.image(), b.command(), b.env(), b.ports(), null, null, null, null, null,
                new PodResources(1.0, 64L));

        assertEquals(SpecHash.of(base()), SpecHash.of(limited), "limits change in place, on the same container");
        assertEquals(SpecHash.of(limited), SpecHash.of(moreCpus));
    }
}
