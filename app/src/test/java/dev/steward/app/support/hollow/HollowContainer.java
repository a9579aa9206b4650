package dev.steward.app.support.hollow;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One container of a {@link HollowEngine}: what it was created with and the state a real one would show. */
public final class HollowContainer {

    final String id;
    final String name;
    final String image;
    final List<String> command;
    final List<String> env;
    final Map<String, String> labels;
    final Instant created = Instant.now();
    final String address;
    /** The network it joined at create ({@code bridge} for none named), its aliases there, and the named volumes it mounts. */
    final String network;
    final List<String> aliases;
    final List<String> volumes;

    boolean running;
    /** {@code created} until first started, then {@code running} or {@code exited}. */
    String status = "created";
    Integer exitCode = 0;
    boolean oomKilled;
    Instant startedAt;
    Instant finishedAt;

    HollowContainer(String id, String name, String image, List<String> command, List<String> env,
            Map<String, String> labels, String address, String network, List<String> aliases, List<String> volumes) {
        this.id = id;
        this.name = name;
        this.image = image;
        this.command = command;
        this.env = env;
        this.labels = labels;
        this.address = address;
        this.network = network;
        this.aliases = aliases;
        this.volumes = volumes;
    }

    void start() {
        running = true;
        status = "running";
        exitCode = 0;
        oomKilled = false;
        startedAt = Instant.now();
    }

    void exit(int code, boolean oom) {
        running = false;
        status = "exited";
        exitCode = code;
        oomKilled = oom;
        finishedAt = Instant.now();
    }

    /** The list API's entry ({@code GET /containers/json}). */
    Map<String, Object> summary() {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("Id", id);
        c.put("Names", List.of("/" + name));
        c.put("Image", image);
        c.put("Command", String.join(" ", command));
        c.put("Created", created.getEpochSecond());
        c.put("Labels", labels);
        c.put("State", status);
        c.put("Status", running ? "Up" : "Exited (" + exitCode + ")");
        return c;
    }

    /** The inspect API's answer ({@code GET /containers/{id}/json}). */
    Map<String, Object> inspect() {
        Map<String, Object> state = new LinkedHashMap<>();
        state.put("Status", status);
        state.put("Running", running);
        state.put("Paused", false);
        state.put("Restarting", false);
        state.put("OOMKilled", oomKilled);
        state.put("Dead", false);
        state.put("Pid", running ? 1 : 0);
        state.put("ExitCode", exitCode);
        state.put("StartedAt", startedAt == null ? "0001-01-01T00:00:00Z" : startedAt.toString());
        state.put("FinishedAt", finishedAt == null ? "0001-01-01T00:00:00Z" : finishedAt.toString());
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("Image", image);
        config.put("Cmd", command);
        config.put("Env", env);
        config.put("Labels", labels);
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("Id", id);
        c.put("Name", "/" + name);
        c.put("Created", created.toString());
        c.put("Image", image);
        c.put("State", state);
        c.put("Config", config);
        c.put("HostConfig", Map.of("RestartPolicy", Map.of("Name", "no", "MaximumRetryCount", 0)));
        c.put("NetworkSettings", Map.of("IPAddress", address,
                "Networks", Map.of(network, Map.of("IPAddress", address, "NetworkID", network, "Aliases", aliases))));
        return c;
    }
}
