package dev.steward.app.events;

import io.micronaut.serde.annotation.Serdeable;
import java.util.List;

/**
 * What became of a delivery's events: {@code accepted} were stored now and will be acted on;
 * {@code redelivered} were stored before (same source and id) and do nothing more.
 */
@Serdeable
public record DeliveryAnswer(List<EventRef> accepted, List<EventRef> redelivered) {}
