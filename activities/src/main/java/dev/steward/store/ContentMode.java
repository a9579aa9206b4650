package dev.steward.store;

/** How a CloudEvent is written into an HTTP request (the CloudEvents HTTP binding). */
public enum ContentMode {
    /** Attributes as {@code ce-} headers, the data as the body. */
    BINARY,
    /** The whole event as a JSON body, {@code application/cloudevents+json}. */
    STRUCTURED
}
