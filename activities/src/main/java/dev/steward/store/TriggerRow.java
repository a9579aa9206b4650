package dev.steward.store;

import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import java.time.Instant;

/** A trigger as given over the API, as JSON text: its filter, its action and the action's arguments. */
@MappedEntity("triggers")
public record TriggerRow(
        @Id String name,
        String definition,
        Instant createdAt,
        Instant updatedAt) {}
