package dev.steward.cloudevents;

import io.cloudevents.CloudEvent;

/**
 * A filter in one of the dialects of the CloudEvents Subscriptions API: {@code exact}, {@code prefix},
 * {@code suffix}, {@code all}, {@code any}, {@code not} and {@code sql}. Built by {@link CloudEventFilters#parse}.
 */
public sealed interface CloudEventFilter permits AttributeFilter, AllFilter, AnyFilter, NotFilter, SqlFilter {

    /** Whether the event passes this filter. */
    boolean matches(CloudEvent event);

    /** This filter in the Subscriptions API JSON shape (maps, lists and strings), as {@link CloudEventFilters#parse} reads it. */
    Object toJson();
}
