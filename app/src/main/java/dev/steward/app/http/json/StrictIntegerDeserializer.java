package dev.steward.app.http.json;

import jakarta.inject.Singleton;
import java.math.BigDecimal;

/** Integers from JSON numbers only, whole and within range. */
@Singleton
public class StrictIntegerDeserializer extends StrictNumberDeserializer<Integer> {

    public StrictIntegerDeserializer() {
        super("a whole number from " + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE, BigDecimal::intValueExact);
    }
}
