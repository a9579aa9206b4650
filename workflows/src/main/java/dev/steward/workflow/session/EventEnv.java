package dev.steward.workflow.session;

import dev.steward.model.EventAwait;
import dev.steward.model.PartSpec;
import dev.steward.model.EnvValue;
import dev.steward.model.PodSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the pods of a part that awaited events see of them: {@code STEWARD_EVENT_ID}, {@code _TYPE},
 * {@code _SOURCE} and {@code _DATA} for the event of its first {@code awaits} entry, and
 * {@code STEWARD_EVENT_2_ID} and so on for the next ones. Pure.
 */
public final class EventEnv {

    private EventEnv() {}

    /** The first arrived event that {@code await} matches. */
    public static Optional<ArrivedEvent> match(EventAwait await, List<ArrivedEvent> arrived) {
        return arrived.stream().filter(e -> await.matches(e.cause().type(), e.cause().source())).findFirst();
    }

    /** The part with each pod's env holding the events it awaited; unchanged when it awaits none. */
    public static PartSpec withEvents(PartSpec part, List<ArrivedEvent> arrived) {
        if (part.awaits().isEmpty()) {
            return part;
        }
        Map<String, String> env = new LinkedHashMap<>();
        for (int i = 0; i < part.awaits().size(); i++) {
            String prefix = i == 0 ? "STEWARD_EVENT_" : "STEWARD_EVENT_" + (i + 1) + "_";
            match(part.awaits().get(i), arrived).ifPresent(event -> {
                env.put(prefix + "ID", event.cause().id());
                env.put(prefix + "TYPE", event.cause().type());
                env.put(prefix + "SOURCE", event.cause().source());
                if (event.data() != null) {
                    env.put(prefix + "DATA", event.data());
                }
            });
        }
        return part.withPods(part.pods().stream().map(pod -> withEnv(pod, env)).toList());
    }

    private static PodSpec withEnv(PodSpec pod, Map<String, String> events) {
        Map<String, EnvValue> env = new LinkedHashMap<>(pod.env());
        env.putAll(EnvValue.of(events));
        return pod.withEnv(env);
    }
}
