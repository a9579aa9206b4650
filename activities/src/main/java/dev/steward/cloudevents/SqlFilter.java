package dev.steward.cloudevents;

import io.cloudevents.CloudEvent;
import io.cloudevents.sql.Expression;
import io.cloudevents.sql.Result;
import java.util.Map;

/**
 * The {@code sql} dialect: a CloudEvents SQL expression, evaluated by cloudevents-sql. The event passes when
 * the expression evaluates to true without errors; an evaluation error (a missing attribute, a failed cast)
 * counts as not passing, as the Subscriptions API asks.
 */
public record SqlFilter(String expression, Expression parsed) implements CloudEventFilter {

    @Override
    public boolean matches(CloudEvent event) {
        Result result = parsed.evaluate(event);
        return !result.isFailed() && Boolean.TRUE.equals(result.value());
    }

    @Override
    public Object toJson() {
        return Map.of("sql", expression);
    }
}
