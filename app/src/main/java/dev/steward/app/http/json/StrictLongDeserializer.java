package dev.steward.app.http.json;

import jakarta.inject.Singleton;
import java.math.BigDecimal;

/** Longs from JSON numbers only, whole and within range. */
@Singleton
public class StrictLongDeserializer extends StrictNumberDeserializer<Long> {

    public StrictLongDeserializer() {
        super("a whole number from " + Long.MIN_VALUE + " to " + Long.MAX_VALUE, BigDecimal::longValueExact);
    }
}
