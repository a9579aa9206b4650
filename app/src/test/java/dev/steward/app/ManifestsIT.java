package dev.steward.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.steward.app.support.ExternalCommand;
import dev.steward.app.support.Manifests;
import dev.steward.app.support.Ports;
import dev.steward.app.support.RawHttp;
import dev.steward.app.support.RecordingUpstream;
import dev.steward.app.support.SessionApi;
import dev.steward.workflow.support.Eventually;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
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
 * running, Steward's probe paths, no secret literal or Secret written into the repository, every namespaced object in
 * the overlay's namespace, and in dev every ConfigMap and Secret a workload reads made by the overlay, the Temporal
 * UI read-only; in prod, no host path, the API and the workers apart with disruption budgets, hosts reached over TCP
 * with TLS by the workers and the API alike, Temporal taking only clients with certificates (each of its clients
 * has one), Steward's payloads encrypted, and the UI reached only through its authenticating proxy, which runs here
 * on the real nginx. And
 * {@code compose.yaml} runs the same versions. It needs {@code kubectl}, {@code node}, {@code npm}, {@code nginx} and
 * {@code openssl}; no cluster
 * is needed, and none is used.
 */
class ManifestsIT {

    private static final List<String> OVERLAYS = List.of("dev", "prod");
    private static final Set<String> WORKLOADS = Set.of("Deployment", "StatefulSet", "DaemonSet", "Job", "CronJob");
    private static final Set<String> LONG_RUNNING = Set.of("Deployment", "StatefulSet", "DaemonSet");
    /** The kinds that live in no namespace; every other object of an overlay lives in the overlay's. */
    private static final Set<String> CLUSTER_SCOPED = Set.of("Namespace", "Node", "PersistentVolume", "StorageClass",
            "ClusterRole", "ClusterRoleBinding", "CustomResourceDefinition", "PriorityClass", "IngressClass",
            "RuntimeClass", "ValidatingWebhookConfiguration", "MutatingWebhookConfiguration", "APIService");
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
    void everyNamespacedObjectIsInTheNamespaceItsOverlayMakes() {
        for (String overlay : OVERLAYS) {
            List<Map<String, Object>> objects = Manifests.objects(manifests.render(overlay));
            List<String> namespaces = objects.stream().filter(o -> "Namespace".equals(o.get("kind")))
                    .map(o -> string(o, "metadata", "name")).toList();
            assertEquals(1, namespaces.size(), overlay + ": one namespace, not " + namespaces);
            for (Map<String, Object> object : objects) {
                if (!CLUSTER_SCOPED.contains(string(object, "kind"))) {
                    assertEquals(namespaces.getFirst(), string(object, "metadata", "namespace"),
                            overlay + " " + object.get("kind") + " " + string(object, "metadata", "name"));
                }
            }
        }
    }

    /** Dev is whole: what its workloads read, it makes (prod's secrets and admin token come from the cluster). */
    @Test
    void devMakesEveryConfigMapAndSecretItsWorkloadsRead() {
        List<Map<String, Object>> objects = Manifests.objects(manifests.render("dev"));
        for (Map<String, Object> object : objects) {
            if (!WORKLOADS.contains(string(object, "kind"))) {
                continue;
            }
            String workload = string(object, "kind") + " " + string(object, "metadata", "name");
            for (String kind : List.of("ConfigMap", "Secret")) {
                references(podSpec(object), kind).forEach(name -> assertTrue(rendered(objects, kind, name),
                        workload + " reads " + kind + " " + name + ", which the overlay does not make"));
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
        ObjectMapper json = new ObjectMapper();
        for (Object text : map(hosts.get("data")).values()) {
            JsonNode host = json.readTree(text.toString());
            assertTrue(host.path("endpoint").asText().startsWith("tcp://"), host + ": over TCP");
            String secretRef = host.path("tls").path("secretRef").asText();
            assertFalse(secretRef.isEmpty(), host + ": with TLS from a secret");
            // The workers run the container activities; the API reads pod logs and addresses from the engines.
            for (Map<String, Object> deployment : List.of(workers, api)) {
                List<Map<String, Object>> mounts = list(containers(podSpec(deployment)).getFirst().get("volumeMounts"));
                assertTrue(mounts.stream().anyMatch(m -> ("/etc/steward/host-secrets/" + secretRef).equals(m.get("mountPath"))),
                        host + ": " + string(deployment, "metadata", "name") + " mounts its secret");
            }
        }
    }

    @Test
    void theTemporalUiChangesNothingAndInProdIsReachedOnlyThroughItsProxy() {
        for (String overlay : OVERLAYS) {
            Map<String, Object> ui = named(Manifests.objects(manifests.render(overlay)), "Deployment", "temporal-ui");
            assertEquals("true", env(containers(podSpec(ui)).getFirst()).get("TEMPORAL_DISABLE_WRITE_ACTIONS").get("value"),
                    overlay + ": the UI's write actions are off");
        }
        List<Map<String, Object>> prod = Manifests.objects(manifests.render("prod"));
        Map<String, Object> policy = named(prod, "NetworkPolicy", "temporal-ui");
        assertEquals(List.of(Map.of("podSelector", Map.of("matchLabels", Map.of("app", "temporal-ui-proxy")))),
                list(map(list(map(policy.get("spec")).get("ingress")).getFirst()).get("from")), "only its proxy");
        Map<String, String> ui = envValues(named(prod, "Deployment", "temporal-ui"));
        String origin = envValues(named(prod, "Deployment", "steward")).get("STEWARD_TEMPORAL_UI_URL");
        assertEquals(origin + "/api/v1/codec", ui.get("TEMPORAL_CODEC_ENDPOINT"), "the codec on the UI's origin");
    }

    /**
     * Prod's Temporal takes clients with a certificate its CA signed only; every workload that talks to it has one;
     * Steward encrypts its payloads.
     */
    @Test
    void prodsTemporalTakesOnlyClientsWithCertificatesAndStewardsPayloadsAreEncrypted() {
        List<Map<String, Object>> prod = Manifests.objects(manifests.render("prod"));
        Map<String, String> server = envValues(named(prod, "Deployment", "temporal"));
        assertEquals("true", server.get("TEMPORAL_TLS_REQUIRE_CLIENT_AUTH"));
        for (String file : List.of("TEMPORAL_TLS_FRONTEND_CERT", "TEMPORAL_TLS_FRONTEND_KEY",
                "TEMPORAL_TLS_CLIENT1_CA_CERT", "TEMPORAL_TLS_SERVER_CERT", "TEMPORAL_TLS_SERVER_KEY")) {
            assertTrue(server.containsKey(file), "the server's " + file);
        }
        for (Map<String, Object> workload : prod) {
            if (!WORKLOADS.contains(string(workload, "kind")) || "temporal".equals(string(workload, "metadata", "name"))) {
                continue;
            }
            Map<String, String> env = envValues(workload);
            if (env.containsKey("TEMPORAL_ADDRESS")) {
                String name = string(workload, "metadata", "name");
                assertTrue(references(podSpec(workload), "Secret").contains("temporal-client-tls"),
                        name + " mounts the client certificate");
                assertTrue(env.containsKey("TEMPORAL_TLS_CERT") || env.containsKey("TEMPORAL_TLS_DIR"),
                        name + " presents it: " + env.keySet());
            }
        }
        for (String steward : List.of("steward", "steward-worker")) {
            assertTrue(envValues(named(prod, "Deployment", steward)).containsKey("STEWARD_TEMPORAL_CODEC_KEY_FILE"),
                    steward + " encrypts its payloads");
        }
    }

    /**
     * Prod's proxy in front of the Temporal UI, run with the real nginx on the configuration the overlay renders (its
     * template filled in as nginx's image does at start), the UI and Steward stood in for by recording servers: without
     * a user's password nothing passes but its health check; the UI gets the user's requests without their
     * credentials; Steward's codec endpoint gets POSTs only, with the proxy's token. The upstreams it names are the
     * overlay's Services.
     */
    @Test
    void prodsTemporalUiProxyLetsNothingPassWithoutAPasswordAndGivesTheCodecItsToken() throws Exception {
        List<Map<String, Object>> prod = Manifests.objects(manifests.render("prod"));
        String template = prod.stream().filter(o -> "ConfigMap".equals(o.get("kind"))
                        && string(o, "metadata", "name").startsWith("temporal-ui-proxy"))
                .map(o -> string(o, "data", "default.conf.template")).findFirst().orElseThrow();
        // nginx's workers run as an unprivileged user when the tests run as root: they read and write here.
        Path dir = Files.createTempDirectory("steward-ui-proxy", PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwxr-xr-x")));
        Files.createDirectories(dir.resolve("tmp"), PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwxrwxrwx")));
        Files.writeString(dir.resolve("htpasswd"), "alice:" + ExternalCommand.run(dir, Map.of(), "", Duration.ofSeconds(30),
                List.of("openssl", "passwd", "-6", "s3cret")).strip() + "\n");
        int port = Ports.free();
        try (RecordingUpstream ui = new RecordingUpstream(); RecordingUpstream steward = new RecordingUpstream()) {
            Map<String, String> upstreams = Map.of("temporal-ui", ui.address(), "steward", steward.address());
            String conf = template.replace("${STEWARD_CODEC_TOKEN}", "stw_codec-token")
                    .replace("listen 8080;", "listen 127.0.0.1:" + port + ";")
                    .replace("/etc/nginx/users/htpasswd", dir.resolve("htpasswd").toString());
            Matcher proxyPass = Pattern.compile("proxy_pass http://([a-z-]+):(\\d+);").matcher(template);
            while (proxyPass.find()) {
                String service = proxyPass.group(1);
                assertTrue(list(map(named(prod, "Service", service).get("spec")).get("ports")).stream()
                        .anyMatch(p -> proxyPass.group(2).equals(String.valueOf(p.get("port")))), service + " port");
                conf = conf.replace(proxyPass.group(), "proxy_pass " + upstreams.get(service) + ";");
            }
            Files.writeString(dir.resolve("default.conf"), conf);
            Files.writeString(dir.resolve("nginx.conf"), "pid " + dir.resolve("nginx.pid") + ";\nerror_log "
                    + dir.resolve("error.log") + ";\nevents {}\nhttp {\n  access_log off;\n  client_body_temp_path "
                    + dir.resolve("tmp") + ";\n  proxy_temp_path " + dir.resolve("tmp") + ";\n  include "
                    + dir.resolve("default.conf") + ";\n}\n");
            Process nginx = new ProcessBuilder("nginx", "-c", dir.resolve("nginx.conf").toString(), "-p", dir.toString(),
                    "-g", "daemon off;").redirectErrorStream(true).redirectOutput(dir.resolve("out.log").toFile()).start();
            try {
                RawHttp http = new RawHttp(URI.create("http://127.0.0.1:" + port).toURL());
                Eventually.await("the proxy answers", SessionApi.DEADLINE,
                        () -> answersAtAll(http), Boolean::booleanValue);
                String alice = "Basic " + Base64.getEncoder().encodeToString("alice:s3cret".getBytes(StandardCharsets.UTF_8));
                String wrong = "Basic " + Base64.getEncoder().encodeToString("alice:guess".getBytes(StandardCharsets.UTF_8));

                assertEquals(200, http.sendWithHeaders("GET", "/healthz", Map.of(), null).status());
                assertEquals(401, http.sendWithHeaders("GET", "/namespaces", Map.of(), null).status());
                assertEquals(401, http.sendWithHeaders("GET", "/namespaces", Map.of("Authorization", wrong), null).status());
                assertEquals(401, http.sendWithHeaders("POST", "/api/v1/codec/decode", Map.of(), new byte[0]).status());
                assertEquals(List.of(), ui.received, "nothing passed without the password");
                assertEquals(List.of(), steward.received);

                assertEquals(200, http.sendWithHeaders("GET", "/namespaces", Map.of("Authorization", alice), null).status());
                assertEquals(List.of(new RecordingUpstream.Request("GET", "/namespaces", null)), ui.received,
                        "the UI never sees the user's password");
                assertEquals(200, http.sendWithHeaders("POST", "/api/v1/codec/decode", Map.of("Authorization", alice,
                        "Content-Type", "application/json"), "{\"payloads\":[]}".getBytes(StandardCharsets.UTF_8)).status());
                assertEquals(403, http.sendWithHeaders("GET", "/api/v1/codec/decode", Map.of("Authorization", alice),
                        null).status(), "the codec takes POSTs only");
                assertEquals(List.of(new RecordingUpstream.Request("POST", "/api/v1/codec/decode", "Bearer stw_codec-token")),
                        steward.received, "Steward gets the proxy's token, not the user's password");
            } finally {
                nginx.destroy();
                nginx.waitFor();
            }
        }
    }

    private static boolean answersAtAll(RawHttp http) {
        try {
            return http.sendWithHeaders("GET", "/healthz", Map.of(), null).status() > 0;
        } catch (UncheckedIOException notYet) {
            return false;
        }
    }

    /** The container's environment variables that have a value, by name. */
    private static Map<String, String> envValues(Map<String, Object> workload) {
        Map<String, String> values = new LinkedHashMap<>();
        env(containers(podSpec(workload)).getFirst()).forEach((name, variable) -> {
            if (variable.get("value") != null) {
                values.put(name, variable.get("value").toString());
            }
        });
        return values;
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

    /**
     * The names of the objects of {@code kind} ({@code ConfigMap} or {@code Secret}) the pod reads: as volumes,
     * projected or not, and in its containers' {@code env} and {@code envFrom}.
     */
    private static Set<String> references(Map<String, Object> pod, String objectKind) {
        Set<String> names = new HashSet<>();
        String kind = objectKind.equals("Secret") ? "secret" : "configMap";
        String nameKey = kind.equals("secret") ? "secretName" : "name";
        for (Map<String, Object> volume : list(pod.get("volumes"))) {
            Object name = map(volume.get(kind)).get(nameKey);
            if (name != null) {
                names.add(name.toString());
            }
            list(map(volume.get("projected")).get("sources")).forEach(source -> {
                Object projected = map(source.get(kind)).get("name");
                if (projected != null) {
                    names.add(projected.toString());
                }
            });
        }
        for (Map<String, Object> container : containers(pod)) {
            env(container).values().forEach(variable -> {
                Object name = map(map(variable.get("valueFrom")).get(kind + "KeyRef")).get("name");
                if (name != null) {
                    names.add(name.toString());
                }
            });
            list(container.get("envFrom")).forEach(source -> {
                Object name = map(source.get(kind + "Ref")).get("name");
                if (name != null) {
                    names.add(name.toString());
                }
            });
        }
        return names;
    }

    private static boolean rendered(List<Map<String, Object>> objects, String kind, String name) {
        return find(objects, kind, name).isPresent();
    }

    private static Map<String, Object> named(List<Map<String, Object>> objects, String kind, String name) {
        return find(objects, kind, name).orElseThrow(() -> new AssertionError("no " + kind + " " + name));
    }

    private static Optional<Map<String, Object>> find(List<Map<String, Object>> objects, String kind, String name) {
        return objects.stream().filter(o -> kind.equals(o.get("kind")) && name.equals(string(o, "metadata", "name")))
                .findFirst();
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
