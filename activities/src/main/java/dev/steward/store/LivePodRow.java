package dev.steward.store;

import io.micronaut.core.annotation.Introspected;
import io.micronaut.core.annotation.Nullable;
import java.util.UUID;

/** One pod of a session's spec, as a resync reads it: no more of the spec than the names. */
@Introspected
public record LivePodRow(UUID sessionId, String partName, String podName, @Nullable Integer replicas) {}
