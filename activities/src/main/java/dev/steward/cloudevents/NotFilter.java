package dev.steward.cloudevents;

import io.cloudevents.CloudEvent;
import java.util.Map;

/** The {@code not} dialect: the event fails the nested filter. */
public record NotFilter(CloudEventFilter filter) implements CloudEventFilter {

    @Override
    public boolean matches(CloudEvent event) {
        return !filter.matches(event);
    }

    @Override
    public Object toJson() {
        return Map.of("not", filter.toJson());
    }
}
