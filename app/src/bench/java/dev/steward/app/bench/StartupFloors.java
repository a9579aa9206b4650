package dev.steward.app.bench;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.HostConfig;
import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * The engine's own time for what POST to RUNNING of a 2 x 2 session asks of it: a new network and 4
 * busybox containers that join it, created and started in parallel. Measured twice on the service's own
 * engine: by the docker CLI, an independent client (the engine's floor), and by docker-java, the client
 * Steward uses (the floor of what Steward could reach with its client).
 */
final class StartupFloors {

    static final int CONTAINERS = 4;

    private final DockerClient docker;
    private final String endpoint;
    private final boolean cli;

    /** @param endpoint the engine {@code docker} reaches: the service's own, whatever DOCKER_HOST says */
    StartupFloors(DockerClient docker, String endpoint) {
        this.docker = docker;
        this.endpoint = endpoint;
        this.cli = cliAnswers();
    }

    /** Whether the docker CLI is there and reaches the engine. */
    boolean hasCli() {
        return cli;
    }

    /** Milliseconds until the docker CLI (one {@code docker run -d} per container, in parallel) started all 4. */
    long cliOnce() throws Exception {
        String network = "bench-floor-" + UUID.randomUUID().toString().substring(0, 8);
        List<String> names = names(network);
        try {
            long started = System.nanoTime();
            docker("network", "create", network).waitForSuccess();
            List<Command> runs = new ArrayList<>();
            for (String name : names) {
                runs.add(docker("run", "-d", "--name", name, "--network", network, BenchService.BUSYBOX, "sleep", "3600"));
            }
            for (Command run : runs) {
                run.waitForSuccess();
            }
            return (System.nanoTime() - started) / 1_000_000;
        } finally {
            List<String> remove = new ArrayList<>(List.of("rm", "-f"));
            remove.addAll(names);
            docker(remove.toArray(String[]::new)).exitCode();
            docker("network", "rm", network).exitCode();
        }
    }

    /** Milliseconds until docker-java, with a call per container in parallel, created and started all 4. */
    long dockerJavaOnce() throws Exception {
        String network = "bench-floor-" + UUID.randomUUID().toString().substring(0, 8);
        List<String> names = names(network);
        try (ExecutorService calls = Executors.newVirtualThreadPerTaskExecutor()) {
            long started = System.nanoTime();
            docker.createNetworkCmd().withName(network).exec();
            List<Future<?>> containers = new ArrayList<>();
            for (String name : names) {
                containers.add(calls.submit(() -> docker.startContainerCmd(docker.createContainerCmd(BenchService.BUSYBOX)
                        .withName(name).withHostConfig(HostConfig.newHostConfig().withNetworkMode(network))
                        .withCmd("sleep", "3600").exec().getId()).exec()));
            }
            for (Future<?> container : containers) {
                container.get();
            }
            return (System.nanoTime() - started) / 1_000_000;
        } finally {
            for (String name : names) {
                try {
                    docker.removeContainerCmd(name).withForce(true).exec();
                } catch (NotFoundException neverCreated) {
                    // nothing to remove
                }
            }
            docker.removeNetworkCmd(network).exec();
        }
    }

    private static List<String> names(String network) {
        List<String> names = new ArrayList<>();
        for (int k = 0; k < CONTAINERS; k++) {
            names.add(network + "-" + k);
        }
        return names;
    }

    private boolean cliAnswers() {
        try {
            return docker("version", "--format", "{{.Server.APIVersion}}").exitCode() == 0;
        } catch (IOException | InterruptedException missing) {
            return false;
        }
    }

    private Command docker(String... arguments) throws IOException {
        List<String> command = new ArrayList<>(List.of("docker"));
        command.addAll(List.of(arguments));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(Redirect.DISCARD);
        builder.environment().put("DOCKER_HOST", endpoint);
        return new Command(String.join(" ", command), builder.start());
    }

    private record Command(String line, Process process) {

        int exitCode() throws InterruptedException {
            if (!process.waitFor(2, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new IllegalStateException(line + " did not end within 2 minutes");
            }
            return process.exitValue();
        }

        void waitForSuccess() throws InterruptedException {
            int code = exitCode();
            if (code != 0) {
                throw new IllegalStateException(line + " failed with exit code " + code);
            }
        }
    }
}
