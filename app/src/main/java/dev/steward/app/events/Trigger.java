package dev.steward.app.events;

import dev.steward.cloudevents.CloudEventFilter;

/** A stored trigger, read: its spec as given, its filter parsed, its action known. */
record Trigger(TriggerSpec spec, CloudEventFilter filter, TriggerAction action) {}
