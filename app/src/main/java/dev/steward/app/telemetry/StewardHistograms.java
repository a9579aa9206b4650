package dev.steward.app.telemetry;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import jakarta.inject.Singleton;

/**
 * Steward's timers ({@code steward.*}) publish histogram buckets, so dashboards can take quantiles
 * across replicas (Prometheus {@code histogram_quantile}) rather than averages.
 */
@Singleton
public class StewardHistograms implements MeterFilter {

    private static final String PREFIX = "steward.";

    @Override
    public DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
        if (id.getType() != Meter.Type.TIMER || !id.getName().startsWith(PREFIX)) {
            return config;
        }
        return DistributionStatisticConfig.builder().percentilesHistogram(true).build().merge(config);
    }
}
