package dev.steward.config;

import io.micronaut.context.annotation.EachProperty;
import io.micronaut.context.annotation.Parameter;
import io.micronaut.core.annotation.Nullable;
import java.util.List;

/**
 * An event source registered from configuration ({@code steward.events.sources.<name>}), as
 * {@code POST /api/v1/event-sources} would register it, with a token of the operator's choosing
 * (from a secret) instead of a generated one.
 *
 * @param source the one CloudEvents source it speaks for, or null with {@code sourcePrefix}
 * @param sourcePrefix the prefix of every source it speaks for, or null with {@code source}
 * @param allowedOrigins the origins its Web Hooks handshake allows
 * @param owner whose sessions its events create and act on; its own name when absent
 * @param allOwners true: it acts for every owner ({@code owner} absent then)
 * @param types the Steward event types it may send; none when absent
 * @param triggers the names of the triggers its events may fire; none when absent
 * @param token its bearer token; never logged or shown
 */
@EachProperty("steward.events.sources")
public record ConfiguredEventSource(@Parameter String name, @Nullable String source, @Nullable String sourcePrefix,
        @Nullable List<String> allowedOrigins, @Nullable String owner, @Nullable Boolean allOwners,
        @Nullable List<String> types, @Nullable List<String> triggers, String token) {

    @Override
    public String toString() {
        return "ConfiguredEventSource[name=" + name + ", source=" + source + ", sourcePrefix=" + sourcePrefix
                + ", owner=" + owner + ", allOwners=" + allOwners + "]";
    }
}
