package dev.steward.store;

import io.micronaut.core.annotation.Introspected;
import java.util.UUID;

/** One part of one session, as a query names it. */
@Introspected
public record PartKey(UUID sessionId, String partName) {}
