package dev.steward.model;

import java.util.Arrays;
import java.util.Locale;

/**
 * Every enum of the API has one written form, its constant's name ({@code ON_FAILURE}), and is read
 * in any case, with {@code -} for {@code _} ({@code on-failure}, the form specs were first stored in).
 */
public final class EnumText {

    private EnumText() {}

    /** The constant {@code text} names; IllegalArgumentException, naming every constant, when none. */
    public static <E extends Enum<E>> E parse(Class<E> type, String text) {
        String name = text.trim().toUpperCase(Locale.ROOT).replace('-', '_');
        for (E constant : type.getEnumConstants()) {
            if (constant.name().equals(name)) {
                return constant;
            }
        }
        throw new IllegalArgumentException("'" + text + "' is not one of " + Arrays.toString(type.getEnumConstants()));
    }
}
