package dev.steward.store;

import dev.steward.model.PartStatus;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.GeneratedValue;
import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import java.time.Instant;
import java.util.UUID;

/**
 * A session part in the read model.
 *
 * @param progressing whether the part still makes its way: its {@code Progressing} condition
 * @param progressingSince when {@code progressing} last flipped (a transition's workflow time), or the part was made
 */
@MappedEntity("session_parts")
public record PartRow(
        @Id @GeneratedValue @Nullable Long id,
        UUID sessionId,
        String name,
        int position,
        PartStatus status,
        @Nullable String reason,
        @Nullable String message,
        Instant updatedAt,
        boolean progressing,
        Instant progressingSince) {}
