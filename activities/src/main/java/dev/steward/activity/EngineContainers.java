package dev.steward.activity;

import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.model.Container;
import dev.steward.contract.ContainerState;
import io.micronaut.core.annotation.Nullable;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What the engine answers about a container, list or inspect, as a {@link ContainerState}. Pure. */
final class EngineContainers {

    /** Docker's list API reports an exited container's code only inside its status text. */
    private static final Pattern EXITED_STATUS = Pattern.compile("^Exited \\((-?\\d+)\\)");

    private EngineContainers() {}

    static ContainerState fromInspect(InspectContainerResponse r) {
        var state = r.getState();
        var config = r.getConfig();
        return toState(
                r.getId(),
                r.getName(),
                config == null ? null : config.getLabels(),
                state == null ? null : state.getStatus(),
                state == null || state.getExitCodeLong() == null ? null : state.getExitCodeLong().intValue(),
                state != null && Boolean.TRUE.equals(state.getOOMKilled()),
                parseInstant(r.getCreated()));
    }

    static ContainerState fromList(Container c) {
        String[] names = c.getNames();
        return toState(
                c.getId(),
                names == null || names.length == 0 ? null : names[0],
                c.getLabels(),
                c.getState(),
                exitCodeFromStatus(c.getStatus()),
                false, // the list API does not say; inspect does
                c.getCreated() == null ? null : Instant.ofEpochSecond(c.getCreated()));
    }

    /**
     * A container the engine has just created: its answer names only the id; the rest is what the
     * create asked for. It has not run, and when it was created the answer does not say.
     */
    static ContainerState created(String id, String name, @Nullable Map<String, String> labels) {
        return toState(id, name, labels, "created", null, false, null);
    }

    /**
     * {@code container} once the engine answered its start: it runs, as far as that answer knows. Should it
     * have exited already, its die event says so.
     */
    static ContainerState started(ContainerState container) {
        return toState(container.id(), container.name(), container.labels(), "running", null, false, container.createdAt());
    }

    /** The one mapping of engine facts to {@link ContainerState}, for list and inspect results alike. */
    private static ContainerState toState(
            String id,
            @Nullable String rawName,
            @Nullable Map<String, String> labels,
            @Nullable String stateWord,
            @Nullable Integer exitCode,
            boolean oomKilled,
            @Nullable Instant createdAt) {
        String name = rawName != null && rawName.startsWith("/") ? rawName.substring(1) : rawName;
        String word = stateWord == null ? "unknown" : stateWord.toLowerCase(Locale.ROOT);
        // Podman says "stopped" for a container that just exited, before its cleanup makes it "exited".
        boolean exited = word.equals("exited") || word.equals("dead") || word.equals("stopped");
        return new ContainerState(
                id,
                name,
                labels == null ? Map.of() : Map.copyOf(labels),
                word.equals("running"),
                word,
                exited ? exitCode : null,
                oomKilled,
                createdAt);
    }

    private static @Nullable Integer exitCodeFromStatus(@Nullable String status) {
        if (status == null) {
            return null;
        }
        Matcher m = EXITED_STATUS.matcher(status.strip());
        return m.find() ? Integer.valueOf(m.group(1)) : null;
    }

    private static @Nullable Instant parseInstant(@Nullable String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            return Instant.parse(text);
        } catch (DateTimeException e) {
            return null;
        }
    }
}
