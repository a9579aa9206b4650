package dev.steward.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every overlay in {@code k8s/} renders with {@code kubectl kustomize}, every object it makes is valid
 * against the Kubernetes API schemas ({@code k8s/validate}: {@code kubernetes-models} in Node, pinned by its
 * {@code package-lock.json} and installed with {@code npm ci}; it checks types, required fields and formats, not
 * unknown field names), and the objects keep the rules of a production deployment: exact image versions (never
 * {@code latest} or a bare major), non-root read-only containers with resources, probes on everything that keeps
 * running, Steward's probe paths, no secret literal or Secret written into the repository; in prod, no host
 * path, the API and the workers apart with disruption budgets, and hosts reached over TCP with TLS. And
 * {@code compose.yaml} runs the same versions. It needs {@code kubectl}, {@code node} and {@code npm}; no cluster
 * is needed, and none is used.
 */
class ManifestsIT {

    private static final List<String> OVERLAYS = List.of("dev", "prod");
    private static final Set<String> WORKLOADS = Set.of("Deployment", "StatefulSet", "DaemonSet", "Job", "CronJob");
    private static final Set<String> LONG_RUNNING = Set.of("Deployment", "StatefulSet", "DaemonSet");
    /** At least major.minor, or a digest: never latest, never a bare major version. */
    private static final Pattern EXACT_IMAGE = Pattern.compile(".+(:v?\\d+\\.\\d+[^:@/]*(@sha256:[0-9a-f]{64})?|@sha256:[0-9a-f]{64})");
    private static final Pattern SECRET_NAME = Pattern.compile(".*(PASSWORD|PASSWD|PWD|SECRET|TOKEN|API_KEY|PRIVATE_KEY).*");

    static Manifests manifests;

    @BeforeAll
    static void prepare() throws IOException {
        manifests = Manifests.prepare();
    }

    @Test
    void everyOverlayRendersAndEveryObjectIsValid() {
        for (String overlay : OVERLAYS) {
            String rendered = manifests.render(overlay);
            String verdict = manifests.validate(rendered);
            assertTrue(verdict.contains(" 0 invalid"), overlay + ":\n" + verdict);
            assertEquals(Manifests.objects(rendered).size(), verdict.lines().filter(l -> l.startsWith("valid ")).count(),
                    overlay + ": every object validated:\n" + verdict);
        }
    }

    @Test
    void everyContainerIsPinnedNonRootReadOnlyBoundedAndProbed() {
        for (String overlay : OVERLAYS) {
            for (Map<String, Object> object : Manifests.objects(manifests.render(overlay))) {
                if (!WORKLOADS.contains(string(object, "kind"))) {
                    continue;
                }
                String workload = overlay + " " + string(object, "kind") + " " + string(object, "metadata", "name");
                Map<String, Object> pod = podSpec(object);
                assertEquals(Boolean.FALSE, pod.get("automountServiceAccountToken"), workload + ": no API token");
                for (Map<String, Object> container : containers(pod)) {
                    String where = workload + " container " + container.get("name");
                    String image = String.valueOf(container.get("image"));
                    assertTrue(EXACT_IMAGE.matcher(image).matches(), where + ": an exact image version, not " + image);
                    assertFalse(image.contains("auto-setup"), where + ": Temporal's schema comes from admin-tools");
                    assertNonRoot(where, pod, container);
                    assertResources(where, container);
                    if (LONG_RUNNING.contains(string(object, "kind"))) {
                        for (String probe : List.of("startupProbe", "livenessProbe", "readinessProbe")) {
                            assertNotNull(container.get(probe), where + ": " + probe);
                        }
                    }
                }
            }
        }
    }

    @Test
    void stewardIsLiveWhileItRunsAndReadyWhenWhatItNeedsAnswers() {
        for (String overlay : OVERLAYS) {
            List<Map<String, Object>> steward = Manifests.objects(manifests.render(overlay)).stream()
                    .filter(o -> "Deployment".equals(o.get("kind")) && string(o, "metadata", "name").startsWith("steward"))
                    .toList();
            assertFalse(steward.isEmpty(), overlay);
            for (Map<String, Object> deployment : steward) {
                Map<String, Object> container = containers(podSpec(deployment)).getFirst();
                String where = overlay + " " + string(deployment, "metadata", "name");
                assertEquals("/health/liveness", string(container, "livenessProbe", "httpGet", "path"), where);
                assertEquals("/health/liveness", string(container, "startupProbe", "httpGet", "path"), where);
                assertEquals("/health/readiness", string(container, "readinessProbe", "httpGet", "path"), where);
                assertTrue(env(container).containsKey("STEWARD_TEMPORAL_UI_URL"), where + ": links to the Temporal UI");
                assertTrue(env(container).containsKey("STEWARD_SECRETS_KEY"), where + ": a secrets key, without which"
                        + " the service does not start");
            }
        }
    }

    @Test
    void noSecretIsWrittenIntoTheRepository() throws IOException {
        try (Stream<Path> files = Files.walk(manifests.root())) {
            for (Path file : files.filter(f -> f.toString().endsWith(".yaml") && !f.toString().contains("node_modules"))
                    .toList()) {
                String text = Files.readString(file);
                assertFalse(text.contains("literals:"), file + ": no secret generator from literals");
                assertFalse(text.matches("(?s).*kind:\\s*Secret\\b.*"), file + ": no Secret object in the repository");
            }
        }
        for (String overlay : OVERLAYS) {
            for (Map<String, Object> object : Manifests.objects(manifests.render(overlay))) {
                if (!WORKLOADS.contains(string(object, "kind"))) {
                    continue;
                }
                for (Map<String, Object> container : containers(podSpec(object))) {
                    env(container).forEach((name, variable) -> assertFalse(
                            SECRET_NAME.matcher(name).matches() && variable.containsKey("value"),
                            overlay + " " + container.get("name") + ": " + name + " comes from a secret, not a value"));
                }
            }
        }
        assertTrue(Manifests.objects(manifests.render("prod")).stream().noneMatch(o -> "Secret".equals(o.get("kind"))),
                "prod's secrets come from the cluster's secret store");
    }

    @Test
    void prodSplitsApiAndWorkersAndReachesItsHostsOverTls() throws IOException {
        List<Map<String, Object>> prod = Manifests.objects(manifests.render("prod"));
        for (Map<String, Object> object : prod) {
            if (WORKLOADS.contains(string(object, "kind"))) {
                for (Map<String, Object> volume : list(podSpec(object).get("volumes"))) {
                    assertFalse(volume.containsKey("hostPath"), string(object, "metadata", "name") + ": no host path");
                }
            }
        }
        Map<String, Object> api = named(prod, "Deployment", "steward");
        Map<String, Object> workers = named(prod, "Deployment", "steward-worker");
        assertEquals("false", env(containers(podSpec(api)).getFirst()).get("STEWARD_WORKER_ENABLED").get("value"));
        assertFalse(env(containers(podSpec(workers)).getFirst()).containsKey("STEWARD_WORKER_ENABLED"));
        for (Map<String, Object> deployment : List.of(api, workers)) {
            String name = string(deployment, "metadata", "name");
            assertTrue(((Number) map(deployment.get("spec")).get("replicas")).intValue() >= 2, name + ": replicas");
            Map<String, Object> selected = map(map(map(deployment.get("spec")).get("selector")).get("matchLabels"));
            assertTrue(prod.stream().anyMatch(o -> "PodDisruptionBudget".equals(o.get("kind"))
                    && selected.equals(map(map(map(o.get("spec")).get("selector")).get("matchLabels")))), name + ": PDB");
        }
        assertTrue(prod.stream().anyMatch(o -> "NetworkPolicy".equals(o.get("kind"))
                && map(map(o.get("spec")).get("podSelector")).isEmpty()), "a default-deny network policy");
        Map<String, Object> service = named(prod, "Service", "steward");
        assertEquals("api", map(map(service.get("spec")).get("selector")).get("app.kubernetes.io/component"));

        Map<String, Object> hosts = prod.stream().filter(o -> "ConfigMap".equals(o.get("kind"))
                && string(o, "metadata", "name").startsWith("steward-hosts")).findFirst().orElseThrow();
        List<Map<String, Object>> mounts = list(containers(podSpec(workers)).getFirst().get("volumeMounts"));
        ObjectMapper json = new ObjectMapper();
        for (Object text : map(hosts.get("data")).values()) {
            JsonNode host = json.readTree(text.toString());
            assertTrue(host.path("endpoint").asText().startsWith("tcp://"), host + ": over TCP");
            String secretRef = host.path("tls").path("secretRef").asText();
            assertFalse(secretRef.isEmpty(), host + ": with TLS from a secret");
            assertTrue(mounts.stream().anyMatch(m -> ("/etc/steward/host-secrets/" + secretRef).equals(m.get("mountPath"))),
                    host + ": the workers mount its secret");
        }
    }

    @Test
    void composeRunsTheSameVersionsAndTakesItsPasswordsFromTheEnvironment() throws IOException {
        Map<String, Object> compose = Manifests.objects(Files.readString(Path.of("..", "compose.yaml"))).getFirst();
        Set<String> k8sImages = new HashSet<>();
        for (Map<String, Object> object : Manifests.objects(manifests.render("prod"))) {
            if (WORKLOADS.contains(string(object, "kind"))) {
                containers(podSpec(object)).forEach(container -> k8sImages.add(String.valueOf(container.get("image"))));
            }
        }
        map(compose.get("services")).forEach((name, definition) -> {
            Map<String, Object> service = map(definition);
            String image = String.valueOf(service.get("image"));
            assertTrue(EXACT_IMAGE.matcher(image).matches(), name + ": an exact image version, not " + image);
            assertTrue(service.containsKey("build") || k8sImages.contains(image),
                    name + ": " + image + " is the version k8s/ runs too");
            assertTrue(!service.containsKey("build") || map(service.get("environment")).containsKey("STEWARD_SECRETS_KEY"),
                    name + ": a secrets key, without which the service does not start");
            map(service.get("environment")).forEach((variable, value) -> assertFalse(
                    SECRET_NAME.matcher(variable).matches() && !String.valueOf(value).matches("\\$\\{\\w+:\\?.*}"),
                    name + ": " + variable + " comes from .env, required"));
        });
    }

    private static void assertNonRoot(String where, Map<String, Object> pod, Map<String, Object> container) {
        Map<String, Object> podSecurity = map(pod.get("securityContext"));
        Map<String, Object> security = map(container.get("securityContext"));
        Object nonRoot = security.getOrDefault("runAsNonRoot", podSecurity.get("runAsNonRoot"));
        Object user = security.getOrDefault("runAsUser", podSecurity.get("runAsUser"));
        assertEquals(Boolean.TRUE, nonRoot, where + ": runAsNonRoot");
        assertTrue(user instanceof Number n && n.intValue() > 0, where + ": a numeric non-root user, not " + user);
        assertEquals(Boolean.FALSE, security.get("allowPrivilegeEscalation"), where + ": no privilege escalation");
        assertEquals(Boolean.TRUE, security.get("readOnlyRootFilesystem"), where + ": a read-only root filesystem");
        assertTrue(String.valueOf(map(security.get("capabilities")).get("drop")).contains("ALL"),
                where + ": every capability dropped");
        assertFalse(Boolean.TRUE.equals(security.get("privileged")), where + ": not privileged");
    }

    private static void assertResources(String where, Map<String, Object> container) {
        Map<String, Object> resources = map(container.get("resources"));
        assertNotNull(map(resources.get("requests")).get("cpu"), where + ": a CPU request");
        assertNotNull(map(resources.get("requests")).get("memory"), where + ": a memory request");
        assertNotNull(map(resources.get("limits")).get("memory"), where + ": a memory limit");
    }

    private static Map<String, Object> podSpec(Map<String, Object> workload) {
        Map<String, Object> spec = map(workload.get("spec"));
        if ("CronJob".equals(workload.get("kind"))) {
            spec = map(map(map(spec.get("jobTemplate")).get("spec")));
        }
        return map(map(spec.get("template")).get("spec"));
    }

    private static List<Map<String, Object>> containers(Map<String, Object> pod) {
        List<Map<String, Object>> all = new ArrayList<>(list(pod.get("initContainers")));
        all.addAll(list(pod.get("containers")));
        return all;
    }

    /** The container's environment by name: each variable's {@code value} or {@code valueFrom}. */
    private static Map<String, Map<String, Object>> env(Map<String, Object> container) {
        Map<String, Map<String, Object>> byName = new LinkedHashMap<>();
        list(container.get("env")).forEach(variable -> byName.put(String.valueOf(variable.get("name")), variable));
        return byName;
    }

    private static Map<String, Object> named(List<Map<String, Object>> objects, String kind, String name) {
        return objects.stream().filter(o -> kind.equals(o.get("kind")) && name.equals(string(o, "metadata", "name")))
                .findFirst().orElseThrow(() -> new AssertionError("no " + kind + " " + name));
    }

    private static String string(Map<String, Object> object, String... path) {
        Object value = object;
        for (String key : path) {
            value = map(value).get(key);
        }
        return value == null ? null : value.toString();
    }

    private static Map<String, Object> map(Object value) {
        return value instanceof Map<?, ?> m ? cast(m) : Map.of();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> cast(Map<?, ?> map) {
        return (Map<String, Object>) map;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> list(Object value) {
        return value instanceof List<?> l ? (List<Map<String, Object>>) l : List.of();
    }
}
