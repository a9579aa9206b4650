package dev.steward.app.http.json;

import jakarta.inject.Singleton;
import java.math.BigDecimal;

/** Doubles from JSON numbers only, finite. */
@Singleton
public class StrictDoubleDeserializer extends StrictNumberDeserializer<Double> {

    public StrictDoubleDeserializer() {
        super("a finite number", StrictDoubleDeserializer::finite);
    }

    private static Double finite(BigDecimal value) {
        double number = value.doubleValue();
        if (!Double.isFinite(number)) {
            throw new ArithmeticException(value + " is beyond a double");
        }
        return number;
    }
}
