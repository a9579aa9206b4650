package dev.steward.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SpecHashTest {

    private static final String IMAGE = "localhost/busybox:latest";
    private static final List<String> COMMAND = List.of("sleep", "3600");

    private static PodSpec pod(String image, List<String> command, Map<String, String> env, List<PortMapping> ports) {
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

    @Test
    void reorderedEnvGivesTheSameHash() {
        PodSpec reordered = pod(IMAGE, COMMAND, orderedEnv("B", "2", "A", "1"), base().ports());
        assertEquals(SpecHash.of(base()), SpecHash.of(reordered));
    }

    @Test
    void reorderedPortsGiveTheSameHash() {
        PodSpec reordered = pod(IMAGE, COMMAND, base().env(),
                List.of(new PortMapping(443, null), new PortMapping(80, 8080)));
        assertEquals(SpecHash.of(base()), SpecHash.of(reordered));
    }

    @Test
    void theSamePortOnSeveralHostPortsHashesTheSameInAnyOrder() {
        PodSpec one = pod(IMAGE, COMMAND, Map.of(),
                List.of(new PortMapping(80, 8081), new PortMapping(80, null), new PortMapping(80, 8080)));
        PodSpec other = pod(IMAGE, COMMAND, Map.of(),
                List.of(new PortMapping(80, 8080), new PortMapping(80, 8081), new PortMapping(80, null)));
        assertEquals(SpecHash.of(one), SpecHash.of(other));
    }

    @Test
    void aChangedImageChangesTheHash() {
        PodSpec changed = pod("localhost/busybox:1.36", COMMAND, base().env(), base().ports());
        assertNotEquals(SpecHash.of(base()), SpecHash.of(changed));
    }

    @Test
    void aChangedCommandChangesTheHash() {
        PodSpec changed = pod(IMAGE, List.of("sleep", "60"), base().env(), base().ports());
        assertNotEquals(SpecHash.of(base()), SpecHash.of(changed));
    }

    @Test
    void commandOrderMatters() {
        PodSpec reversed = pod(IMAGE, List.of("3600", "sleep"), base().env(), base().ports());
        assertNotEquals(SpecHash.of(base()), SpecHash.of(reversed));
    }

    @Test
    void commandArgumentBoundariesMatter() {
        PodSpec split = pod(IMAGE, List.of("echo", "a b"), Map.of(), List.of());
        PodSpec joined = pod(IMAGE, List.of("echo", "a", "b"), Map.of(), List.of());
        assertNotEquals(SpecHash.of(split), SpecHash.of(joined));
    }

    @Test
    void aChangedEnvValueChangesTheHash() {
        PodSpec changed = pod(IMAGE, COMMAND, orderedEnv("A", "1", "B", "3"), base().ports());
        assertNotEquals(SpecHash.of(base()), SpecHash.of(changed));
    }

    @Test
    void anAddedEnvVariableChangesTheHash() {
        PodSpec changed = pod(IMAGE, COMMAND, orderedEnv("A", "1", "B", "2", "C", "3"), base().ports());
        assertNotEquals(SpecHash.of(base()), SpecHash.of(changed));
    }

    @Test
    void aChangedContainerPortChangesTheHash() {
        PodSpec changed = pod(IMAGE, COMMAND, base().env(),
                List.of(new PortMapping(81, 8080), new PortMapping(443, null)));
        assertNotEquals(SpecHash.of(base()), SpecHash.of(changed));
    }

    @Test
    void aChangedHostPortChangesTheHash() {
        PodSpec changed = pod(IMAGE, COMMAND, base().env(),
                List.of(new PortMapping(80, 9090), new PortMapping(443, null)));
        assertNotEquals(SpecHash.of(base()), SpecHash.of(changed));
    }

    @Test
    void thePodNameIsNotPartOfTheHash() {
        PodSpec renamed = new PodSpec("other", IMAGE, COMMAND, base().env(), base().ports());
        assertEquals(SpecHash.of(base()), SpecHash.of(renamed));
    }
}
