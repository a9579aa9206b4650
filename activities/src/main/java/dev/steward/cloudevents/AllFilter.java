package dev.steward.cloudevents;

import io.cloudevents.CloudEvent;
import java.util.List;
import java.util.Map;

/** The {@code all} dialect: the event passes every nested filter. */
public record AllFilter(List<CloudEventFilter> filters) implements CloudEventFilter {

    public AllFilter {
        filters = List.copyOf(filters);
    }

    @Override
    public boolean matches(CloudEvent event) {
        return filters.stream().allMatch(filter -> filter.matches(event));
    }

    @Override
    public Object toJson() {
        return Map.of("all", filters.stream().map(CloudEventFilter::toJson).toList());
    }
}
