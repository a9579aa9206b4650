package dev.steward.store;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.GeneratedValue;
import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import io.micronaut.data.annotation.TypeDef;
import io.micronaut.data.model.DataType;
import java.time.Instant;
import java.util.List;

/**
 * An accepted CloudEvent and what it did: stored before it is acted on, unique by {@code source} and
 * {@code id}; {@code dispatchedAt} is set once its effects were handed to the sessions' workflows.
 *
 * @param owner the owner its event source acted for when it was accepted; null for every owner
 */
@MappedEntity("events")
public record EventRow(
        @Id @GeneratedValue long seq,
        String source,
        String id,
        String type,
        @Nullable String subject,
        String sender,
        String event,
        Instant receivedAt,
        @Nullable Instant leaseUntil,
        @Nullable Instant dispatchedAt,
        @Nullable Boolean matched,
        @Nullable String outcome,
        @TypeDef(type = DataType.JSON) List<String> sessions,
        @Nullable String owner) {}
