package dev.steward.activity;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.core.DockerClientImpl;
import com.github.dockerjava.transport.DockerHttpClient;
import dev.steward.contract.ContainerLimits;
import dev.steward.contract.LimitsUpdate.Outcome;
import dev.steward.contract.LimitsUpdate;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sets a running container's limits through the engine's update call, on the engine's own connection.
 * Docker's ({@code POST /containers/{id}/update}) is tried first; Podman's Docker-compatible API (4.3)
 * has none and answers 404, so then Podman's libpod one, which takes the OCI resources. Setting the
 * same limits twice leaves them as setting them once.
 */
final class LimitsUpdater {

    private static final Logger LOG = LoggerFactory.getLogger(LimitsUpdater.class);
    /** libpod's update call came with Podman 4.3; its paths carry a version. */
    private static final String LIBPOD = "/v4.3.0/libpod";
    /** The CFS period the engines turn NanoCpus into a quota with. */
    static final long CPU_PERIOD_MICROS = 100_000;

    private final Supplier<DockerClient> engine;
    private final ObjectMapper json = new ObjectMapper();

    LimitsUpdater(Supplier<DockerClient> engine) {
        this.engine = engine;
    }

    LimitsUpdate update(String containerId, ContainerLimits limits) {
        DockerHttpClient http = transport();
        Answer docker = post(http, "/containers/" + containerId + "/update", dockerBody(limits));
        if (docker.status() != 404 || docker.noSuchContainer()) {
            return outcome(containerId, docker);
        }
        Answer libpod = post(http, LIBPOD + "/containers/" + containerId + "/update", ociBody(limits));
        if (libpod.status() == 404 && !libpod.noSuchContainer()) {
            LOG.info("the engine has no update call: the limits of container {} cannot change in place", containerId);
            return new LimitsUpdate(Outcome.NOT_SUPPORTED, libpod.body());
        }
        return outcome(containerId, libpod);
    }

    private static LimitsUpdate outcome(String containerId, Answer answer) {
        if (answer.status() / 100 == 2) {
            LOG.info("updated the limits of container {} in place", containerId);
            return new LimitsUpdate(Outcome.APPLIED, null);
        }
        if (answer.noSuchContainer()) {
            return new LimitsUpdate(Outcome.CONTAINER_GONE, answer.body());
        }
        LOG.warn("the engine refused the limits of container {} in place ({}): {}", containerId, answer.status(),
                answer.body());
        return new LimitsUpdate(Outcome.REFUSED, answer.body());
    }

    /** Docker's update: its Memory and MemorySwap go together, as the container was created with them. */
    private static Map<String, Object> dockerBody(ContainerLimits limits) {
        Map<String, Object> body = new LinkedHashMap<>();
        if (limits.nanoCpus() != null) {
            body.put("NanoCpus", limits.nanoCpus());
        }
        if (limits.memoryBytes() != null) {
            body.put("Memory", limits.memoryBytes());
            body.put("MemorySwap", limits.memoryBytes());
        }
        return body;
    }

    /**
     * The OCI resources libpod takes: a CPU quota per period, and a memory limit whose swap (memory plus
     * swap) equals it, as the container was created with MemorySwap equal to Memory (runc refuses a limit
     * above the swap it keeps). runc writes them to cgroups v1 and v2 alike.
     */
    private static Map<String, Object> ociBody(ContainerLimits limits) {
        Map<String, Object> body = new LinkedHashMap<>();
        if (limits.nanoCpus() != null) {
            body.put("cpu", Map.of("quota", limits.nanoCpus() * CPU_PERIOD_MICROS / 1_000_000_000L,
                    "period", CPU_PERIOD_MICROS));
        }
        if (limits.memoryBytes() != null) {
            body.put("memory", Map.of("limit", limits.memoryBytes(), "swap", limits.memoryBytes()));
        }
        return body;
    }

    private DockerHttpClient transport() {
        if (engine.get() instanceof DockerClientImpl client) {
            return client.getHttpClient();
        }
        throw new IllegalStateException("the engine's client is no DockerClientImpl: no connection for its update call");
    }

    private Answer post(DockerHttpClient http, String path, Map<String, Object> body) {
        DockerHttpClient.Request request;
        try {
            request = DockerHttpClient.Request.builder()
                    .method(DockerHttpClient.Request.Method.POST)
                    .path(path)
                    .putHeader("Content-Type", "application/json")
                    .bodyBytes(json.writeValueAsBytes(body))
                    .build();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the limits of " + path, e);
        }
        try (DockerHttpClient.Response response = http.execute(request); InputStream in = response.getBody()) {
            String text = in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
            return new Answer(response.getStatusCode(), text);
        } catch (IOException e) {
            throw new UncheckedIOException("the engine's answer to " + path + " could not be read", e);
        }
    }

    /** The engine's answer: Podman and Docker both say "no such container" for a missing one. */
    private record Answer(int status, String body) {
        boolean noSuchContainer() {
            return status == 404 && body.toLowerCase(Locale.ROOT).contains("no such container");
        }
    }
}
