package dev.steward.activity;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.exception.DockerException;
import com.github.dockerjava.api.model.ContainerNetwork;
import com.github.dockerjava.core.command.ExecStartResultCallback;
import dev.steward.contract.ProbeRequest;
import dev.steward.contract.ProbeResult;
import dev.steward.model.ReadinessCheck;
import io.temporal.activity.Activity;
import io.temporal.activity.ActivityExecutionContext;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Runs readiness checks against a container. http and tcp go to the container's own address on the
 * engine's network (a rootful Podman or Docker bridge gives each container one the host can reach),
 * so a check needs no published port; exec runs through the engine's exec API.
 */
final class ReadinessProbe {

    private final Supplier<DockerClient> engine;

    ReadinessProbe(Supplier<DockerClient> engine) {
        this.engine = engine;
    }

    /** Checks on the interval, heartbeating, until readiness differs from what the caller believes. */
    ProbeResult awaitChange(ProbeRequest request) {
        ActivityExecutionContext context = Activity.getExecutionContext();
        ReadinessCheck check = request.check();
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(request.maxWaitSeconds());
        int failures = 0;
        String last = "not checked yet";
        while (true) {
            String failure = checkOnce(request.containerId(), check);
            last = failure == null ? describe(check) + " passed" : describe(check) + " failed: " + failure;
            if (failure == null) {
                failures = 0;
                if (!request.ready()) {
                    return new ProbeResult(true, last);
                }
            } else if (++failures >= check.failureThreshold() && request.ready()) {
                return new ProbeResult(false, last + " (" + failures + " times in a row)");
            }
            // Throws once the workflow cancelled the probe, e.g. because the container was replaced.
            context.heartbeat(last);
            if (System.nanoTime() - until >= 0) {
                return new ProbeResult(request.ready(), last);
            }
            pause(check.intervalSeconds() * 1000L);
        }
    }

    /** @return null when the check passes, else why it failed */
    String checkOnce(String containerId, ReadinessCheck check) {
        try {
            return switch (check.type()) {
                case EXEC -> exec(containerId, check);
                case HTTP -> http(address(containerId), check);
                case TCP -> tcp(address(containerId), check);
            };
        } catch (DockerException | IOException | IllegalStateException e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }

    private String exec(String containerId, ReadinessCheck check) {
        DockerClient docker = engine.get();
        String execId = docker.execCreateCmd(containerId).withCmd(check.command().toArray(String[]::new))
                .withAttachStdout(true).withAttachStderr(true).exec().getId();
        try (var callback = docker.execStartCmd(execId).exec(new ExecStartResultCallback(
                new ByteArrayOutputStream(), new ByteArrayOutputStream()))) {
            if (!callback.awaitCompletion(check.timeoutSeconds(), TimeUnit.SECONDS)) {
                return "the command did not finish within " + check.timeoutSeconds() + " s";
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        } catch (IOException e) {
            return e.getMessage();
        }
        Long code = docker.inspectExecCmd(execId).exec().getExitCodeLong();
        return code != null && code == 0 ? null : "the command exited with code " + code;
    }

    private static String http(String address, ReadinessCheck check) throws IOException {
        var url = URI.create("http://" + address + ":" + check.port() + check.path()).toURL();
        HttpURLConnection connection = (HttpURLConnection) url.openConnection();
        connection.setConnectTimeout(check.timeoutSeconds() * 1000);
        connection.setReadTimeout(check.timeoutSeconds() * 1000);
        connection.setInstanceFollowRedirects(false);
        try {
            int status = connection.getResponseCode();
            return status >= 200 && status < 400 ? null : "HTTP status " + status;
        } finally {
            connection.disconnect();
        }
    }

    private static String tcp(String address, ReadinessCheck check) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(address, check.port()), check.timeoutSeconds() * 1000);
            return null;
        }
    }

    private String address(String containerId) {
        InspectContainerResponse inspected = engine.get().inspectContainerCmd(containerId).exec();
        var settings = inspected.getNetworkSettings();
        if (settings != null && settings.getIpAddress() != null && !settings.getIpAddress().isBlank()) {
            return settings.getIpAddress();
        }
        if (settings != null && settings.getNetworks() != null) {
            for (ContainerNetwork network : settings.getNetworks().values()) {
                if (network.getIpAddress() != null && !network.getIpAddress().isBlank()) {
                    return network.getIpAddress();
                }
            }
        }
        throw new IllegalStateException("container " + containerId + " has no address on the engine's network");
    }

    private static String describe(ReadinessCheck check) {
        return switch (check.type()) {
            case EXEC -> "exec " + String.join(" ", check.command());
            case HTTP -> "http GET :" + check.port() + check.path();
            case TCP -> "tcp :" + check.port();
        };
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted between readiness checks", e);
        }
    }
}
