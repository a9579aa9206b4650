package dev.steward.app.api;

import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;
import java.math.BigDecimal;

/** Doubles from JSON numbers only, finite. */
@Singleton
public class StrictDoubleDeserializer extends StrictNumberDeserializer<Double> {

    public StrictDoubleDeserializer() {
        super("a finite number");
    }

    @Override
    @Nullable Double exactly(BigDecimal value) {
        double number = value.doubleValue();
        return Double.isFinite(number) ? number : null;
    }
}
