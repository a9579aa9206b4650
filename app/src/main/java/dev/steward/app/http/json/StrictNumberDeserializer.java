package dev.steward.app.http.json;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.type.Argument;
import io.micronaut.serde.Decoder;
import io.micronaut.serde.Deserializer;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.function.Function;

/**
 * Reads only JSON numbers, and only those the target type holds exactly. The decoder would read
 * {@code "80"} as 80, a one-element array {@code [1]} as 1, and {@code 1.5} as the integer 1, so a
 * value of the wrong type would be taken instead of refused.
 *
 * @param <N> the number type
 */
abstract class StrictNumberDeserializer<N extends Number> implements Deserializer<N> {

    private final String expected;
    private final Function<BigDecimal, N> convert;

    /**
     * @param expected what the value must be, in words: {@code "a whole number"}
     * @param convert the value as {@code N}; throws {@link ArithmeticException} when {@code N} cannot hold it
     */
    StrictNumberDeserializer(String expected, Function<BigDecimal, N> convert) {
        this.expected = expected;
        this.convert = convert;
    }

    @Override
    public N deserialize(Decoder decoder, DecoderContext context, Argument<? super N> type) throws IOException {
        Object value = decoder.decodeArbitrary();
        BigDecimal decimal = value instanceof Number number ? decimal(number) : null;
        N exact = decimal == null ? null : exactly(decimal);
        if (exact == null) {
            throw decoder.createDeserializationException("must be " + expected, value);
        }
        return exact;
    }

    /** The number's exact value; {@code null} for the infinities the decoder makes of a huge exponent. */
    private static @Nullable BigDecimal decimal(Number number) {
        if (number instanceof Double || number instanceof Float) {
            double value = number.doubleValue();
            return Double.isFinite(value) ? BigDecimal.valueOf(value) : null;
        }
        return new BigDecimal(number.toString());
    }

    private @Nullable N exactly(BigDecimal value) {
        try {
            return convert.apply(value);
        } catch (ArithmeticException outOfRange) {
            return null;
        }
    }
}
