package dev.steward.app.telemetry;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.config.MeterFilter;
import jakarta.inject.Singleton;

/**
 * Prometheus takes one set of tag keys per metric name. Temporal's SDK gives every metric its
 * standard keys (with "none" where they do not apply) except {@code update_name}, which only the
 * calls that send an update carry; without it on the others, those calls' metrics are dropped with
 * a warning. Every Temporal metric gets it, "none" where there is no update.
 */
@Singleton
public class TemporalMetricTags implements MeterFilter {

    private static final String UPDATE_NAME = "update_name";

    @Override
    public Meter.Id map(Meter.Id id) {
        if (!id.getName().startsWith("temporal_") || id.getTag(UPDATE_NAME) != null) {
            return id;
        }
        return id.withTag(Tag.of(UPDATE_NAME, "none"));
    }
}
