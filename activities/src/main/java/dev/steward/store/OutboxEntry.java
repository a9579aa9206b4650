package dev.steward.store;

import dev.steward.contract.TransitionRecord;
import io.micronaut.core.annotation.Nullable;
import java.time.Instant;
import java.util.UUID;

/**
 * A recorded status change as it goes into the outbox: of a session's resource, or of a host.
 *
 * @param id the transition's id, so a retried recording appends nothing
 * @param sessionId the session, for session, part and pod changes
 * @param host the host, for host changes
 * @param kind {@code SESSION}, {@code PART}, {@code POD} or {@code HOST}
 * @param generation the session's generation, for session, part and pod changes
 */
public record OutboxEntry(
        UUID id,
        @Nullable UUID sessionId,
        @Nullable String host,
        String kind,
        @Nullable String part,
        @Nullable String pod,
        @Nullable String from,
        String to,
        @Nullable String reason,
        @Nullable String message,
        @Nullable Long generation,
        Instant occurredAt) {

    public static final String HOST_KIND = "HOST";

    public static OutboxEntry of(TransitionRecord t) {
        return new OutboxEntry(t.id(), t.sessionId(), null, t.kind().name(), t.part(), t.pod(), t.from(), t.to(),
                t.reason(), t.message(), t.generation(), t.occurredAt());
    }

    public static OutboxEntry ofHost(UUID id, String host, @Nullable String from, String to, String reason,
            @Nullable String message, Instant occurredAt) {
        return new OutboxEntry(id, null, host, HOST_KIND, null, null, from, to, reason, message, null, occurredAt);
    }

    /** The stream the entry is numbered in: its session's, or its host's. */
    String stream() {
        return sessionId != null ? "session:" + sessionId : "host:" + host;
    }
}
