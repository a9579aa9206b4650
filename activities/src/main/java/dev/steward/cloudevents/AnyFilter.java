package dev.steward.cloudevents;

import io.cloudevents.CloudEvent;
import java.util.List;
import java.util.Map;

/** The {@code any} dialect: the event passes at least one nested filter. */
public record AnyFilter(List<CloudEventFilter> filters) implements CloudEventFilter {

    public AnyFilter {
        filters = List.copyOf(filters);
    }

    @Override
    public boolean matches(CloudEvent event) {
        return filters.stream().anyMatch(filter -> filter.matches(event));
    }

    @Override
    public Object toJson() {
        return Map.of("any", filters.stream().map(CloudEventFilter::toJson).toList());
    }
}
