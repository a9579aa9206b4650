package dev.steward.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SessionSpecValidatorTest {

    private static final Instant T0 = Instant.parse("2030-01-01T08:00:00Z");

    private static PodSpec pod(String name) {
        return new PodSpec(name, "localhost/busybox:latest", List.of("sleep", "3600"), Map.of("GREETING", "hello"),
                List.of(new PortMapping(8080, 18080)));
    }

    /** Two parts of two pods, and a timeslot in order. */
    private static SessionSpec valid() {
        return new SessionSpec("alice", DesiredStatus.RUNNING,
                List.of(new PartSpec("web", List.of(pod("app"), pod("cache")), null, null, null, null),
                        new PartSpec("db", List.of(pod("primary"), pod("replica")), null, null, null, null)),
                new Timeslot(T0, T0.plusSeconds(600), T0.plusSeconds(7200), T0.plusSeconds(7800)));
    }

    private static SessionSpec withParts(SessionSpec spec, List<PartSpec> parts) {
        return new SessionSpec(spec.owner(), spec.desiredStatus(), parts, spec.timeslot());
    }

    /** The valid spec with one pod replaced. */
    private static SessionSpec withPod(int part, int pod, UnaryOperator<PodSpec> change) {
        SessionSpec spec = valid();
        List<PartSpec> parts = new ArrayList<>(spec.parts());
        List<PodSpec> pods = new ArrayList<>(parts.get(part).pods());
        pods.set(pod, change.apply(pods.get(pod)));
        parts.set(part, new PartSpec(parts.get(part).name(), pods, null, null, null, null));
        return withParts(spec, parts);
    }

    private static SessionSpec withPartName(int part, String name) {
        SessionSpec spec = valid();
        List<PartSpec> parts = new ArrayList<>(spec.parts());
        parts.set(part, new PartSpec(name, parts.get(part).pods(), null, null, null, null));
        return withParts(spec, parts);
    }

    private static List<String> fields(SessionSpec spec) {
        return SessionSpecValidator.validate(spec).stream().map(FieldError::field).toList();
    }

    @Test
    void aValidSpecHasNoErrors() {
        assertEquals(List.of(), SessionSpecValidator.validate(valid()));
    }

    @Test
    void aPodOnItsHostsNetworkNeedsTheOperatorsLeave() {
        PodSpec onHost = new PodSpec("web", "localhost/busybox:latest", List.of(), Map.of(), List.of(), null, null,
                null, null, null, null, null, null, true, null, null);
        SessionSpec spec = withParts(valid(), List.of(new PartSpec("p", List.of(onHost), null, null, null, null)));
        assertEquals(List.of(), SessionSpecValidator.validate(spec, true));
        assertEquals(List.of("parts[0].pods[0].hostNetwork"),
                SessionSpecValidator.validate(spec, false).stream().map(FieldError::field).toList());
        assertEquals(List.of(), SessionSpecValidator.validate(valid(), false));
    }

    @Test
    void mountsNameDeclaredVolumesAtAbsolutePathsOncePerPod() {
        List<VolumeMount> mounts = List.of(new VolumeMount("data", "/data", null), new VolumeMount("ghost", "/g", true),
                new VolumeMount("data", "relative", false), new VolumeMount("data", "/data", true));
        PodSpec pod = new PodSpec("web", "localhost/busybox:latest", List.of(), Map.of(), List.of(), null, null,
                null, null, null, null, null, null, false, mounts, null);
        SessionSpec base = valid();
        SessionSpec spec = new SessionSpec(base.owner(), null, List.of(new PartSpec("p", List.of(pod))), null, null,
                null, List.of(new VolumeSpec("data", 16, null), new VolumeSpec("data", 0, true), new VolumeSpec("Bad", null, null)));
        assertEquals(List.of("volumes[1].name", "volumes[1].sizeMb", "volumes[2].name",
                "parts[0].pods[0].mounts[1].volume", "parts[0].pods[0].mounts[2].path",
                "parts[0].pods[0].mounts[3].path"), fields(spec));
    }

    @Test
    void aSpecWithoutTimeslotOrDesiredStatusIsValid() {
        SessionSpec spec = new SessionSpec("alice", null, valid().parts(), null);
        assertEquals(List.of(), SessionSpecValidator.validate(spec));
    }

    @Test
    void countsAndLengthsOverTheirLimitsAreNamed() {
        String long4097 = "x".repeat(PodSpecValidator.MAX_TEXT_LENGTH + 1);
        Map<String, String> manyEnv = new HashMap<>();
        for (int i = 0; i <= PodSpecValidator.MAX_ENV_ENTRIES; i++) {
            manyEnv.put("V" + i, "v");
        }
        List<String> manyArgs = Collections.nCopies(PodSpecValidator.MAX_COMMAND_ITEMS + 1, "a");
        assertEquals(List.of("parts[0].pods[0].env"),
                fields(withPod(0, 0, p -> new PodSpec(p.name(), p.image(), p.command(), manyEnv, p.ports()))));
        assertEquals(List.of("parts[0].pods[0].env.LONG"),
                fields(withPod(0, 0, p -> new PodSpec(p.name(), p.image(), p.command(), Map.of("LONG", long4097), p.ports()))));
        assertEquals(List.of("parts[0].pods[0].command"),
                fields(withPod(0, 0, p -> new PodSpec(p.name(), p.image(), manyArgs, p.env(), p.ports()))));
        assertEquals(List.of("parts[0].pods[0].command[1]"),
                fields(withPod(0, 0, p -> new PodSpec(p.name(), p.image(), List.of("sh", long4097), p.env(), p.ports()))));
        assertEquals(List.of("parts[0].pods[0].image"),
                fields(withPod(0, 0, p -> new PodSpec(p.name(), "i".repeat(PodSpecValidator.MAX_IMAGE_LENGTH + 1),
                        p.command(), p.env(), p.ports()))));
        List<PartSpec> manyParts = new ArrayList<>();
        for (int i = 0; i <= SessionSpecValidator.MAX_PARTS; i++) {
            manyParts.add(new PartSpec("p" + i, List.of(pod("a")), null, null, null, null));
        }
        assertEquals(List.of("parts"), fields(withParts(valid(), manyParts)));
        List<PodSpec> manyPods = new ArrayList<>();
        for (int i = 0; i <= SessionSpecValidator.MAX_PODS_PER_PART; i++) {
            manyPods.add(pod("p" + i));
        }
        assertEquals(List.of("parts[0].pods"),
                fields(withParts(valid(), List.of(new PartSpec("web", manyPods, null, null, null, null)))));
    }

    @Test
    void noSpecAtAllIsAnError() {
        assertEquals(1, SessionSpecValidator.validate(null).size());
    }

    @Test
    void aMissingOwnerIsNamed() {
        SessionSpec spec = valid();
        assertEquals(List.of("owner"), fields(new SessionSpec(null, spec.desiredStatus(), spec.parts(), spec.timeslot())));
        assertEquals(List.of("owner"), fields(new SessionSpec("  ", spec.desiredStatus(), spec.parts(), spec.timeslot())));
    }

    @Test
    void anOwnerLongerThanTheLimitIsNamed() {
        SessionSpec spec = valid();
        String longest = "o".repeat(SessionSpecValidator.MAX_OWNER_LENGTH);
        assertEquals(List.of(), fields(new SessionSpec(longest, spec.desiredStatus(), spec.parts(), spec.timeslot())));
        assertEquals(List.of("owner"),
                fields(new SessionSpec(longest + "o", spec.desiredStatus(), spec.parts(), spec.timeslot())));
    }

    @Test
    void aSessionWithoutPartsIsRefused() {
        assertEquals(List.of("parts"), fields(withParts(valid(), List.of())));
        assertEquals(List.of("parts"), fields(withParts(valid(), null)));
    }

    @Test
    void aPartWithoutPodsIsRefused() {
        SessionSpec spec = withParts(valid(), List.of(valid().parts().get(0), new PartSpec("db", List.of(), null, null, null, null)));
        assertEquals(List.of("parts[1].pods"), fields(spec));
    }

    @Test
    void anEnvValueFromASecretNamesTheSecretAndTheKey() {
        assertEquals(List.of(), fields(withPod(0, 0, p -> withEnv(p, new SecretKeyRef("db", "password", null)))));
        assertEquals(List.of("parts[0].pods[0].env.PW.valueFrom"),
                fields(withPod(0, 0, p -> withEnv(p, new SecretKeyRef(" ", "password", null)))));
        assertEquals(List.of("parts[0].pods[0].env.PW.valueFrom"),
                fields(withPod(0, 0, p -> withEnv(p, new SecretKeyRef("db", null, null)))));
    }

    private static PodSpec withEnv(PodSpec p, SecretKeyRef ref) {
        return p.withEnv(Map.of("PW", EnvValue.fromSecret(ref)));
    }

    @Test
    void replicasAreOneToTheLimitAndTheirPodNamesFree() {
        assertEquals(List.of(), fields(withPod(0, 0, p -> replicated(p, 3))));
        assertEquals(List.of(), fields(withPod(0, 0, p -> replicated(p, SessionSpecValidator.MAX_REPLICAS))));
        assertEquals(List.of("parts[0].pods[0].replicas"), fields(withPod(0, 0, p -> replicated(p, 0))));
        assertEquals(List.of("parts[0].pods[0].replicas"),
                fields(withPod(0, 0, p -> replicated(p, SessionSpecValidator.MAX_REPLICAS + 1))));
        // "cache" with 2 replicas is cache-0 and cache-1: a pod named cache-1 beside it takes a replica's name.
        SessionSpec clash = withPod(0, 0, p -> new PodSpec("cache-1", p.image(), p.command(), p.env(), p.ports()));
        List<PodSpec> pods = List.of(clash.parts().get(0).pods().get(0), replicated(clash.parts().get(0).pods().get(1), 2));
        assertEquals(List.of("parts[0].pods[1].replicas"), fields(withParts(clash,
                List.of(new PartSpec("web", pods, null, null, null, null), clash.parts().get(1)))));
        assertEquals(List.of("parts[0].pods[0].replicas"), fields(withPod(0, 0,
                p -> replicated(new PodSpec("a".repeat(62), p.image(), p.command(), p.env(), p.ports()), 10))));
    }

    @Test
    void aDuplicatePartNameNamesTheSecondPart() {
        assertEquals(List.of("parts[1].name"), fields(withPartName(1, "web")));
    }

    @Test
    void aDuplicatePodNameNamesTheSecondPod() {
        SessionSpec spec = withPod(0, 1, p -> new PodSpec("app", p.image(), p.command(), p.env(), p.ports()));
        assertEquals(List.of("parts[0].pods[1].name"), fields(spec));
    }

    @Test
    void podNamesNeedOnlyBeUniqueWithinTheirPart() {
        SessionSpec spec = withPod(1, 0, p -> new PodSpec("app", p.image(), p.command(), p.env(), p.ports()));
        assertEquals(List.of(), fields(spec));
    }

    @ParameterizedTest
    @ValueSource(strings = {"Web", "-web", "web-", "web_1", "web.1", "wéb", "", " "})
    void aPartNameThatIsNoDnsLabelIsNamed(String name) {
        assertEquals(List.of("parts[0].name"), fields(withPartName(0, name)));
    }

    @Test
    void aPartNameOfMoreThan63CharactersIsRefused() {
        assertEquals(List.of(), fields(withPartName(0, "a".repeat(63))));
        assertEquals(List.of("parts[0].name"), fields(withPartName(0, "a".repeat(64))));
    }

    @ParameterizedTest
    @ValueSource(strings = {"Primary", "db_1", "db.1"})
    void aPodNameThatIsNoDnsLabelIsNamed(String name) {
        SessionSpec spec = withPod(1, 0, p -> new PodSpec(name, p.image(), p.command(), p.env(), p.ports()));
        assertEquals(List.of("parts[1].pods[0].name"), fields(spec));
    }

    @Test
    void aBlankImageIsNamed() {
        SessionSpec blank = withPod(0, 1, p -> new PodSpec(p.name(), " ", p.command(), p.env(), p.ports()));
        assertEquals(List.of("parts[0].pods[1].image"), fields(blank));
        SessionSpec missing = withPod(0, 1, p -> new PodSpec(p.name(), null, p.command(), p.env(), p.ports()));
        assertEquals(List.of("parts[0].pods[1].image"), fields(missing));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, 65536})
    void aBadContainerPortIsNamed(int port) {
        SessionSpec spec = withPod(1, 1,
                p -> new PodSpec(p.name(), p.image(), p.command(), p.env(), List.of(new PortMapping(port, null))));
        assertEquals(List.of("parts[1].pods[1].ports[0].containerPort"), fields(spec));
    }

    @Test
    void aBadHostPortIsNamed() {
        SessionSpec spec = withPod(0, 0, p -> new PodSpec(p.name(), p.image(), p.command(), p.env(),
                List.of(new PortMapping(80, 8080), new PortMapping(443, 70000))));
        assertEquals(List.of("parts[0].pods[0].ports[1].hostPort"), fields(spec));
    }

    @Test
    void portBoundsAreInclusive() {
        SessionSpec spec = withPod(0, 0, p -> new PodSpec(p.name(), p.image(), p.command(), p.env(),
                List.of(new PortMapping(1, 65535))));
        assertEquals(List.of(), fields(spec));
    }

    @Test
    void aNullEnvValueIsNamed() {
        Map<String, String> env = new HashMap<>();
        env.put("GREETING", null);
        SessionSpec spec = withPod(1, 0, p -> new PodSpec(p.name(), p.image(), p.command(), env, p.ports()));
        assertEquals(List.of("parts[1].pods[0].env.GREETING"), fields(spec));
    }

    @Test
    void aBadEnvNameIsNamed() {
        SessionSpec spec = withPod(0, 1,
                p -> new PodSpec(p.name(), p.image(), p.command(), Map.of("1BAD", "x"), p.ports()));
        assertEquals(List.of("parts[0].pods[1].env.1BAD"), fields(spec));
    }

    @Test
    void aNullCommandArgumentIsNamed() {
        List<String> command = new ArrayList<>(List.of("sleep"));
        command.add(null);
        SessionSpec spec = withPod(0, 0, p -> new PodSpec(p.name(), p.image(), command, p.env(), p.ports()));
        assertEquals(List.of("parts[0].pods[0].command[1]"), fields(spec));
    }

    @Test
    void anEndBeforeProvisioningIsNamed() {
        SessionSpec spec = valid();
        Timeslot slot = new Timeslot(T0.plusSeconds(3600), null, T0, null);
        assertEquals(List.of("timeslot.endAt"), fields(new SessionSpec(spec.owner(), spec.desiredStatus(), spec.parts(), slot)));
    }

    @Test
    void aCleanupDeadlineBeforeTheEndIsNamed() {
        SessionSpec spec = valid();
        Timeslot slot = new Timeslot(T0, null, T0.plusSeconds(7200), T0.plusSeconds(3600));
        assertEquals(List.of("timeslot.cleanupDeadline"),
                fields(new SessionSpec(spec.owner(), spec.desiredStatus(), spec.parts(), slot)));
    }

    @Test
    void everyErrorOfASpecIsReportedAtOnce() {
        SessionSpec spec = new SessionSpec("", DesiredStatus.RUNNING,
                List.of(new PartSpec("web", List.of(
                        new PodSpec("app", "", List.of(), Map.of(), List.of()),
                        new PodSpec("app", "img", List.of(), Map.of(), List.of(new PortMapping(0, null)))), null, null, null, null)),
                null);
        List<String> fields = fields(spec);
        assertEquals(4, fields.size(), fields.toString());
        assertTrue(fields.containsAll(List.of("owner", "parts[0].pods[0].image", "parts[0].pods[1].name",
                "parts[0].pods[1].ports[0].containerPort")), fields.toString());
    }

    // ---- gates and policies

    private static SessionSpec gated(List<String> webAfter, List<String> dbAfter, String maxUnhealthy) {
        return withParts(valid(), List.of(
                new PartSpec("web", List.of(pod("app")), webAfter, PartGate.READY, null, maxUnhealthy),
                new PartSpec("db", List.of(pod("primary")), dbAfter, PartGate.COMPLETED, FailurePolicy.CONTINUE, null)));
    }

    @Test
    void gatesNamingOtherPartsWithoutACycleAreValid() {
        assertEquals(List.of(), SessionSpecValidator.validate(gated(List.of("db"), List.of(), "50%")));
    }

    @Test
    void anUnknownNameInAfterIsNamed() {
        assertEquals(List.of(new FieldError("parts[0].after[1]", "names no part: 'cache'")),
                SessionSpecValidator.validate(gated(List.of("db", "cache"), List.of(), null)));
    }

    @Test
    void aCycleOfGatesIsRefusedAndSpelledOut() {
        assertEquals(List.of(new FieldError("parts", "the after gates form a cycle: web -> db -> web")),
                SessionSpecValidator.validate(gated(List.of("db"), List.of("web"), null)));
    }

    @Test
    void aPartWaitingForItselfIsACycle() {
        assertEquals(List.of(new FieldError("parts", "the after gates form a cycle: web -> web")),
                SessionSpecValidator.validate(gated(List.of("web"), List.of(), null)));
    }

    @Test
    void maxUnhealthyIsACountOrAPercentageUpToAHundred() {
        assertEquals(List.of("parts[0].maxUnhealthy"), fields(gated(List.of(), List.of(), "half")));
        assertEquals(List.of("parts[0].maxUnhealthy"), fields(gated(List.of(), List.of(), "-1")));
        assertEquals(List.of("parts[0].maxUnhealthy"), fields(gated(List.of(), List.of(), "101%")));
        assertEquals(List.of(), fields(gated(List.of(), List.of(), "2")));
    }

    @Test
    void theCleanupDeadlineMayNotPrecedeProvisionAtEvenWithoutEndAt() {
        SessionSpec spec = new SessionSpec("alice", null, valid().parts(),
                new Timeslot(T0, null, null, T0.minusSeconds(1)));
        assertEquals(List.of(new FieldError("timeslot.cleanupDeadline", "must not be before provisionAt")),
                SessionSpecValidator.validate(spec));
    }

    @Test
    void negativeResourcesAndBadSelectorsAreNamed() {
        SessionSpec spec = withPod(0, 1, p -> placed(p, Map.of("zone", "eu west"), new PodResources(-0.5, -1L)));
        assertEquals(List.of("parts[0].pods[1].hostSelector.zone", "parts[0].pods[1].resources.cpus",
                "parts[0].pods[1].resources.memoryMb"), fields(spec));
    }

    @Test
    void placementFieldsAreOptional() {
        SessionSpec spec = withPod(0, 1, p -> placed(p, Map.of("zone", "eu-west"), new PodResources(0.5, 256L)));
        assertEquals(List.of(), fields(spec));
        assertEquals(PodResources.NONE, valid().parts().get(0).pods().get(0).resources());
    }

    @Test
    void aReadinessCheckNeedsWhatItsTypeUses() {
        assertEquals(List.of("parts[0].pods[0].readiness.port"), fields(withPod(0, 0,
                p -> behaving(p, null, null, new ReadinessCheck(ProbeType.HTTP, null, null, "/", 1, 1, 1), null, null))));
        assertEquals(List.of("parts[0].pods[0].readiness.command"), fields(withPod(0, 0,
                p -> behaving(p, null, null, new ReadinessCheck(ProbeType.EXEC, List.of(), null, null, 1, 1, 1), null, null))));
        assertEquals(List.of("parts[0].pods[0].readiness.intervalSeconds"), fields(withPod(0, 0,
                p -> behaving(p, null, null, new ReadinessCheck(ProbeType.TCP, null, 80, null, 0, 1, 1), null, null))));
        assertEquals(List.of("parts[0].pods[0].readiness.type"), fields(withPod(0, 0,
                p -> behaving(p, null, null, new ReadinessCheck(null, null, 80, null, 1, 1, 1), null, null))));
    }

    @Test
    void aDeadlineBelongsToJobsAndMemoryHasAFloor() {
        assertEquals(List.of("parts[0].pods[0].activeDeadlineSeconds"),
                fields(withPod(0, 0, p -> behaving(p, PodKind.WORKER, null, null, 5, null))));
        assertEquals(List.of("parts[0].pods[0].activeDeadlineSeconds"),
                fields(withPod(0, 0, p -> behaving(p, PodKind.JOB, null, null, 0, null))));
        assertEquals(List.of("parts[0].pods[0].resources.memoryMb"),
                fields(withPod(0, 0, p -> behaving(p, PodKind.JOB, null, null, 5, 1L))));
        assertEquals(List.of(), fields(withPod(0, 0, p -> behaving(p, PodKind.JOB, RestartPolicy.ON_FAILURE, null, 5,
                16L))));
    }

    @Test
    void addedCapabilitiesAreNamedAndFew() {
        assertEquals(List.of(), fields(withPod(0, 0, p -> adding(p, List.of("NET_RAW")))));
        assertEquals(List.of("parts[0].pods[0].addCapabilities[1]"),
                fields(withPod(0, 0, p -> adding(p, Arrays.asList("NET_RAW", " ")))));
        assertEquals(List.of("parts[0].pods[0].addCapabilities"), fields(withPod(0, 0,
                p -> adding(p, Collections.nCopies(PodSpecValidator.MAX_ADDED_CAPABILITIES + 1, "NET_RAW")))));
    }

    @Test
    void restartOverridesMustBeSensible() {
        SessionSpec base = valid();
        SessionSpec bad = new SessionSpec(base.owner(), base.desiredStatus(), base.parts(), base.timeslot(),
                new RestartSettings(20, 10, -1, -2, 0));
        assertEquals(List.of("restart.stableSeconds", "restart.maxRestarts", "restart.rolloutDeadlineSeconds",
                "restart.backoffCapSeconds"), fields(bad));
    }

    private static PodSpec behaving(PodSpec p, PodKind kind, RestartPolicy policy, ReadinessCheck check,
            Integer deadline, Long memoryMb) {
        return new PodSpec(p.name(), p.image(), p.command(), p.env(), p.ports(), kind, policy, check, deadline, null,
                new PodResources(null, memoryMb));
    }

    private static PodSpec replicated(PodSpec p, int replicas) {
        return new PodSpec(p.name(), p.image(), p.command(), p.env(), p.ports(), p.kind(), p.restartPolicy(),
                p.readiness(), p.activeDeadlineSeconds(), p.hostSelector(), p.resources(), p.imagePullPolicy(), replicas,
                null, null, null);
    }

    private static PodSpec adding(PodSpec p, List<String> capabilities) {
        return new PodSpec(p.name(), p.image(), p.command(), p.env(), p.ports(), null, null, null, null, null, null,
                null, null, null, null, capabilities);
    }

    private static PodSpec placed(PodSpec p, Map<String, String> hostSelector, PodResources resources) {
        return new PodSpec(p.name(), p.image(), p.command(), p.env(), p.ports(), null, null, null, null, hostSelector,
                resources);
    }
}
