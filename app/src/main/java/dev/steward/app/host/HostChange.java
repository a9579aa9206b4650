package dev.steward.app.host;

import dev.steward.model.HostCapacity;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import java.util.Map;

/**
 * What an operator changes on a host; absent fields stay as they are.
 *
 * @param enabled false disables the host (no new pods, its pods stop), true enables it
 * @param draining true drains the host (no new pods, its pods move), false ends the drain
 * @param capacity the new capacity, replacing the old one whole; {@code {}} is unlimited
 * @param labels the new labels, replacing the old ones whole
 */
@Serdeable
public record HostChange(@Nullable Boolean enabled, @Nullable Boolean draining,
        @Nullable HostCapacity capacity, @Nullable Map<String, String> labels) {}
