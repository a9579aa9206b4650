package dev.steward.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.exception.InternalServerErrorException;
import com.github.dockerjava.api.exception.NotFoundException;
import dev.steward.app.support.SessionApi;
import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.Specs;
import dev.steward.config.ReconcileConfig;
import dev.steward.contract.StewardLabels;
import dev.steward.model.ExitInfo;
import dev.steward.model.PartStatus;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.workflow.support.Eventually;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** Restart policy, crash loops, jobs, readiness, spec changes and drift repair on the real engine. */
@MicronautTest
class PodBehaviourIT extends SessionApiBase {

    @Inject
    ReconcileConfig reconcile;

    @Test
    void aKilledContainerIsRestartedAtOnceACrashingOneAfterItsBackoffAndACrashLoopEscalates() {
        UUID id = api.create(session("restarts", part("p", sleeper("steady"),
                pod("loop", List.of("sh", "-c", "sleep 1; exit 4"), Map.of())))).id();
        PodView steady = awaitPod(id, "p", "steady", p -> p.status() == PodStatus.READY);

        docker.killContainerCmd(steady.containerId()).exec();
        PodView restarted = awaitPod(id, "p", "steady", p -> p.status() == PodStatus.READY && p.restarts() == 1);
        assertEquals(steady.containerId(), restarted.containerId(), "a restart starts the same container");
        assertEquals(137, restarted.lastExit().code());
        assertTrue(api.transitions(id).stream().anyMatch(t -> "p/steady".equals(t.resource())
                && "BACKING_OFF".equals(t.to()) && t.message().contains("at once")), "the first restart is immediate");

        PodView looped = awaitPod(id, "p", "loop", p -> p.status() == PodStatus.FAILED);
        assertEquals("CrashLoopBackOff", looped.reason());
        assertEquals(2, looped.restarts());
        assertEquals(new dev.steward.model.ExitInfo(4, "Error"), looped.lastExit());
        assertTrue(api.transitions(id).stream().anyMatch(t -> "p/loop".equals(t.resource())
                && "BACKING_OFF".equals(t.to()) && t.message().contains("base 1000 ms")), "the second crash backs off");
        // The part's onFailure is CONTINUE: the session degrades and the other pod keeps running.
        SessionView failed = api.awaitStatus(id, SessionStatus.DEGRADED);
        assertEquals(PartStatus.FAILED, failed.parts().getFirst().status(), "the crash loop escalates to its part");
        assertEquals(PodStatus.READY, findPod(failed, "p", "steady").status(), "the other pod is untouched");

        post("/api/v1/sessions/" + id + "/pods/p/loop/reset-backoff");
        awaitPod(id, "p", "loop", p -> p.status() != PodStatus.FAILED);
        HttpClientResponseException unknown = org.junit.jupiter.api.Assertions.assertThrows(
                HttpClientResponseException.class, () -> post("/api/v1/sessions/" + id + "/pods/p/nope/restart"));
        assertEquals(HttpStatus.NOT_FOUND, unknown.getStatus());
        cleanUp(id);
    }

    @Test
    void withRestartPolicyNeverAnExitFailsThePod() {
        Map<String, Object> never = new HashMap<>(pod("once", List.of("sh", "-c", "sleep 1; exit 3"), Map.of()));
        never.put("restartPolicy", "never");
        UUID id = api.create(session("never", part("p", never))).id();
        PodView failed = awaitPod(id, "p", "once", p -> p.status() == PodStatus.FAILED);
        assertEquals("Error", failed.reason());
        assertEquals(0, failed.restarts());
        cleanUp(id);
    }

    @Test
    void jobsCompleteFailRunOutOfMemoryAndPastTheirDeadline() {
        Map<String, Object> ok = job("ok", "exit 0");
        Map<String, Object> three = job("three", "exit 3");
        Map<String, Object> hog = job("hog", "x=a; while true; do x=$x$x$x$x; done");
        hog.put("resources", Map.of("memoryMb", 16));
        Map<String, Object> slow = job("slow", "sleep 60");
        slow.put("activeDeadlineSeconds", 2);
        UUID id = api.create(session("jobs", part("batch", ok, three, hog, slow), part("done", job("only", "exit 0"))))
                .id();

        assertEquals(PodStatus.COMPLETED, awaitPod(id, "batch", "ok", p -> p.status() == PodStatus.COMPLETED).status());
        PodView failed = awaitPod(id, "batch", "three", p -> p.status() == PodStatus.FAILED);
        assertEquals("Error", failed.reason());
        assertEquals(3, failed.lastExit().code());
        PodView killed = awaitPod(id, "batch", "hog", p -> p.status() == PodStatus.FAILED);
        // The engine enforces the limit with SIGKILL; Podman 4.3 here reports OOMKilled=false, so the
        // OOMKilled reason mapping is covered from the reported state in RestartDecisionTest.
        assertEquals(137, killed.lastExit().code());
        PodView late = awaitPod(id, "batch", "slow", p -> p.status() == PodStatus.FAILED);
        assertEquals("DeadlineExceeded", late.reason());

        awaitPart(id, "done", PartStatus.COMPLETED);
        assertEquals(PartStatus.FAILED, api.get(id).parts().getFirst().status(), "failed jobs fail their part");
        cleanUp(id);
    }

    @Test
    void readinessChecksDecideWhenWorkersAreReady() {
        String serve = "mkdir -p /www && echo ok > /www/index.html && httpd -f -p 8080 -h /www";
        Map<String, Object> http = withCheck(pod("web", List.of("sh", "-c", serve), Map.of()),
                Map.of("type", "http", "port", 8080, "path", "/", "intervalSeconds", 1));
        Map<String, Object> tcp = withCheck(pod("sock", List.of("sh", "-c", serve), Map.of()),
                Map.of("type", "tcp", "port", 8080, "intervalSeconds", 1));
        Map<String, Object> exec = withCheck(sleeper("cmd"),
                Map.of("type", "exec", "command", List.of("test", "-d", "/"), "intervalSeconds", 1));
        Map<String, Object> never = withCheck(sleeper("deaf"),
                Map.of("type", "http", "port", 8080, "intervalSeconds", 1, "timeoutSeconds", 1));
        UUID id = api.create(session("ready", part("checked", http, tcp, exec), part("stuck", never))).id();

        awaitPart(id, "checked", PartStatus.READY);
        SessionView view = api.get(id);
        PodView deaf = findPod(view, "stuck", "deaf");
        assertEquals(PodStatus.NOT_READY, deaf.status(), "nothing listens on 8080: " + deaf);
        assertEquals(PartStatus.PROVISIONING, view.parts().get(1).status());
        assertTrue(deaf.message() == null || deaf.message().contains("8080") || deaf.message().contains("waiting"),
                deaf.message());
        cleanUp(id);
    }

    @Test
    void specChangesReplaceOnlyWhatChangedAndRollWhenChecked() {
        Map<String, Object> checked = withCheck(sleeper("rolling"),
                Map.of("type", "exec", "command", List.of("true"), "intervalSeconds", 1));
        Map<String, Object> spec = session("spec", part("p", sleeperWithEnv("plain", Map.of("A", "1", "B", "2")), checked));
        UUID id = api.create(spec).id();
        awaitPart(id, "p", PartStatus.READY);
        SessionView before = api.get(id);
        String plainBefore = findPod(before, "p", "plain").containerId();
        String rollingBefore = findPod(before, "p", "rolling").containerId();

        // Same env in another order: nothing changes.
        Map<String, Object> reordered = new java.util.LinkedHashMap<>();
        reordered.put("B", "2");
        reordered.put("A", "1");
        putSpec(id, session("spec", part("p", sleeperWithEnv("plain", reordered), checked)));
        Map<String, Object> changedCheck = new HashMap<>(checked);
        changedCheck.put("command", List.of("sleep", "3601"));
        putSpec(id, session("spec", part("p", sleeperWithEnv("plain", reordered), changedCheck)));

        PodView rolled = awaitPod(id, "p", "rolling",
                p -> p.status() == PodStatus.READY && !rollingBefore.equals(p.containerId()));
        assertEquals(plainBefore, findPod(api.get(id), "p", "plain").containerId(), "reordered env keeps the container");
        assertTrue(api.transitions(id).stream().anyMatch(t -> "RolledOut".equals(t.reason())), "replaced rolling");
        assertGone(rollingBefore);
        assertNotEquals(rollingBefore, rolled.containerId());

        long generation = api.get(id).generation();
        assertEquals(HttpStatus.CONFLICT, putSpecRefused(id, session("spec", part("p", sleeper("renamed"), checked))));
        assertEquals(HttpStatus.UNPROCESSABLE_ENTITY, putSpecRefused(id, session("spec", part("p"))));
        assertEquals(HttpStatus.NOT_FOUND, putSpecRefused(UUID.randomUUID(), spec));
        assertEquals(generation, api.get(id).generation(), "a refused spec changes nothing");
        cleanUp(id);
    }

    @Test
    void aPodsResourcesAreItsContainersLimitsAndAChangeOfThemIsAppliedInPlace() {
        UUID id = api.create(session("limits", part("p", withResources(sleeper("capped"), 0.5, 64)))).id();
        PodView capped = awaitPod(id, "p", "capped", p -> p.status() == PodStatus.READY);
        var limits = docker.inspectContainerCmd(capped.containerId()).exec().getHostConfig();
        assertEquals(500_000_000L, limits.getNanoCPUs());
        assertEquals(64L * 1024 * 1024, limits.getMemory());
        assertEquals(new CgroupLimits(50_000, 100_000, 64L * 1024 * 1024), cgroupLimits(capped.containerId()));

        putSpec(id, session("limits", part("p", withResources(sleeper("capped"), 1.0, 128))));
        PodView raised = awaitPod(id, "p", "capped", p -> "LimitsUpdated".equals(p.reason()));
        assertEquals(capped.containerId(), raised.containerId(), "the limits change keeps the container");
        assertEquals(PodStatus.READY, raised.status());
        assertEquals("cpus 0.5 → 1, memory 64 → 128 MiB, applied in place", raised.message());
        CgroupLimits applied = new CgroupLimits(100_000, 100_000, 128L * 1024 * 1024);
        assertEquals(applied, cgroupLimits(capped.containerId()), "the container runs with the new limits");

        // Podman 4.3 does not keep an update across a start: a restart applies the limits again.
        docker.killContainerCmd(capped.containerId()).exec();
        awaitPod(id, "p", "capped", p -> p.status() == PodStatus.READY && p.restarts() == 1);
        Eventually.await("the new limits after the restart", SessionApi.DEADLINE,
                () -> cgroupLimits(capped.containerId()), applied::equals);
        assertEquals(2, api.transitions(id).stream().filter(t -> "LimitsUpdated".equals(t.reason())).count(),
                "applied at the change and again after the restart, and no more");
        assertEquals(capped.containerId(), findPod(api.get(id), "p", "capped").containerId());
        cleanUp(id);
    }

    /** The container's CPU quota and period (µs) and memory limit, as its cgroup (v1 or v2) has them. */
    private record CgroupLimits(long cpuQuota, long cpuPeriod, long memoryBytes) {}

    private CgroupLimits cgroupLimits(String containerId) {
        String v2 = "cat /sys/fs/cgroup/cpu.max /sys/fs/cgroup/memory.max";
        String v1 = "cat /sys/fs/cgroup/cpu/cpu.cfs_quota_us /sys/fs/cgroup/cpu/cpu.cfs_period_us"
                + " /sys/fs/cgroup/memory/memory.limit_in_bytes";
        String[] values = engine.output(containerId, "sh", "-c",
                "if [ -f /sys/fs/cgroup/cpu.max ]; then " + v2 + "; else " + v1 + "; fi").trim().split("\\s+");
        assertEquals(3, values.length, "quota, period and memory limit: " + String.join(" ", values));
        return new CgroupLimits(Long.parseLong(values[0]), Long.parseLong(values[1]), Long.parseLong(values[2]));
    }

    @Test
    void aReplacementThatNeverBecomesReadyLeavesTheOldContainerRunning() {
        Map<String, Object> check = Map.of("type", "exec", "command", List.of("test", "-f", "/tmp/ok"),
                "intervalSeconds", 1);
        Map<String, Object> guarded = withCheck(pod("guarded", List.of("sh", "-c", "touch /tmp/ok; exec sleep 3600"),
                Map.of()), check);
        Map<String, Object> broken = withCheck(pod("guarded", List.of("sh", "-c", "exec sleep 3601"), Map.of()), check);
        // A session's own restart settings override the deployment's: a 3 s rollout deadline here.
        Map<String, Object> restart = Map.of("rolloutDeadlineSeconds", 3);
        UUID id = api.create(Map.of("owner", "rollout", "restart", restart, "parts", List.of(part("p", guarded)))).id();
        String before = awaitPod(id, "p", "guarded", p -> p.status() == PodStatus.READY).containerId();

        putSpec(id, Map.of("owner", "rollout", "restart", restart, "parts", List.of(part("p", broken))));

        Eventually.await("a RolloutFailed transition", SessionApi.DEADLINE, () -> api.transitions(id),
                transitions -> transitions.stream().anyMatch(t -> "RolloutFailed".equals(t.reason())));
        assertTrue(api.transitions(id).stream().filter(t -> "RolloutFailed".equals(t.reason()))
                .allMatch(t -> t.message().contains("3 s")), "the deadline is named");
        PodView after = findPod(api.get(id), "p", "guarded");
        assertEquals(before, after.containerId(), "the old container keeps serving");
        assertEquals(PodStatus.READY, after.status());
        assertTrue(docker.inspectContainerCmd(before).exec().getState().getRunning());
        assertEquals(List.of(before), engine.containersOf(id).stream().map(c -> c.getId()).toList(),
                "the replacement was removed");
        cleanUp(id);
    }

    @Test
    void driftIsRepairedAndOrphansAreRemovedButNothingElse() {
        UUID id = api.create(session("drift", part("p", sleeper("app")))).id();
        PodView app = awaitPod(id, "p", "app", p -> p.status() == PodStatus.READY);
        docker.removeContainerCmd(app.containerId()).withForce(true).exec();
        PodView back = awaitPod(id, "p", "app", p -> p.status() == PodStatus.READY && !app.containerId().equals(p.containerId()));
        assertEquals("local", back.host());

        String deployment = reconcile.settings().deployment();
        String orphan = createLabelled(Map.of(StewardLabels.MANAGED, "true", StewardLabels.DEPLOYMENT, deployment,
                StewardLabels.SESSION, UUID.randomUUID().toString(), StewardLabels.PART, "p", StewardLabels.POD, "x"));
        String foreign = createLabelled(Map.of(StewardLabels.MANAGED, "true", StewardLabels.DEPLOYMENT, "someone-else",
                StewardLabels.SESSION, UUID.randomUUID().toString(), StewardLabels.PART, "p", StewardLabels.POD, "x"));
        String unlabelled = createLabelled(Map.of("purpose", "steward-it-bystander"));
        try {
            assertGone(orphan);
            docker.inspectContainerCmd(foreign).exec();
            docker.inspectContainerCmd(unlabelled).exec();
            docker.inspectContainerCmd(back.containerId()).exec();
        } finally {
            docker.removeContainerCmd(foreign).withForce(true).exec();
            docker.removeContainerCmd(unlabelled).withForce(true).exec();
        }
        cleanUp(id);
    }

    // ---- helpers

    private String createLabelled(Map<String, String> labels) {
        return docker.createContainerCmd(Specs.BUSYBOX).withCmd("sleep", "3600").withLabels(labels).exec().getId();
    }

    private void assertGone(String containerId) {
        Eventually.await("container " + containerId + " removed", SessionApi.DEADLINE,
                () -> exists(containerId), exists -> !exists);
    }

    private boolean exists(String containerId) {
        try {
            docker.inspectContainerCmd(containerId).exec();
            return true;
        } catch (NotFoundException gone) {
            return false;
        } catch (InternalServerErrorException e) {
            // Podman answers 500 "no such container" while a removal completes.
            if (String.valueOf(e.getMessage()).contains("no such container")) {
                return false;
            }
            throw e;
        }
    }

    private void putSpec(UUID id, Map<String, Object> spec) {
        assertEquals(HttpStatus.ACCEPTED,
                client.toBlocking().exchange(HttpRequest.PUT("/api/v1/sessions/" + id + "/spec", spec)).getStatus());
    }

    private HttpStatus putSpecRefused(UUID id, Map<String, Object> spec) {
        HttpClientResponseException refused = org.junit.jupiter.api.Assertions.assertThrows(
                HttpClientResponseException.class,
                () -> client.toBlocking().exchange(HttpRequest.PUT("/api/v1/sessions/" + id + "/spec", spec)));
        return refused.getStatus();
    }

    private void post(String path) {
        client.toBlocking().exchange(HttpRequest.POST(path, Map.of()));
    }

    private void cleanUp(UUID id) {
        api.delete(id);
        api.awaitStatus(id, SessionStatus.DELETED);
    }

    private PodView awaitPod(UUID id, String part, String pod, Predicate<PodView> wanted) {
        return Eventually.await("pod " + part + "/" + pod + " as wanted", SessionApi.DEADLINE,
                () -> findPod(api.get(id), part, pod), wanted);
    }

    private void awaitPart(UUID id, String part, PartStatus status) {
        Eventually.await("part " + part + " " + status, SessionApi.DEADLINE, () -> api.get(id).parts().stream()
                .filter(p -> p.name().equals(part)).findFirst().orElseThrow(), p -> p.status() == status);
    }

    private static PodView findPod(SessionView view, String part, String pod) {
        return view.parts().stream().filter(p -> p.name().equals(part)).flatMap(p -> p.pods().stream())
                .filter(p -> p.name().equals(pod)).findFirst().orElseThrow();
    }

    private static Map<String, Object> session(String owner, Map<String, Object>... parts) {
        return Map.of("owner", owner, "parts", List.of(parts));
    }

    /** Failures are watched per pod and part here, so a failed part must not tear its session down. */
    private static Map<String, Object> part(String name, Map<String, Object>... pods) {
        return Map.of("name", name, "pods", List.of(pods), "onFailure", "CONTINUE");
    }

    private static Map<String, Object> sleeper(String name) {
        return pod(name, List.of("sleep", "3600"), Map.of());
    }

    private static Map<String, Object> sleeperWithEnv(String name, Map<String, Object> env) {
        return pod(name, List.of("sleep", "3600"), env);
    }

    private static Map<String, Object> pod(String name, List<String> command, Map<String, ?> env) {
        Map<String, Object> pod = new HashMap<>();
        pod.put("name", name);
        pod.put("image", Specs.BUSYBOX);
        pod.put("command", command);
        pod.put("env", env);
        return pod;
    }

    private static Map<String, Object> job(String name, String script) {
        Map<String, Object> job = pod(name, List.of("sh", "-c", script), Map.of());
        job.put("kind", "job");
        return job;
    }

    private static Map<String, Object> withResources(Map<String, Object> pod, double cpus, long memoryMb) {
        Map<String, Object> limited = new HashMap<>(pod);
        limited.put("resources", Map.of("cpus", cpus, "memoryMb", memoryMb));
        return limited;
    }

    private static Map<String, Object> withCheck(Map<String, Object> pod, Map<String, Object> check) {
        Map<String, Object> withCheck = new HashMap<>(pod);
        withCheck.put("readiness", check);
        return withCheck;
    }
}
