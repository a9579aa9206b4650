package dev.steward.model;

import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/** The rules the fields of every spec share: names that are DNS labels, ports, counts. Pure. */
public final class SpecRules {

    /** Names become container names and labels, so they are DNS labels. */
    public static final Pattern NAME = Pattern.compile("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?");

    private SpecRules() {}

    /** Whether {@code name} is a DNS label, as part, pod and secret names are. */
    public static boolean isName(String name) {
        return name != null && NAME.matcher(name).matches();
    }

    static void validateName(String name, String path, Set<String> seen, List<FieldError> errors) {
        if (isBlank(name)) {
            errors.add(new FieldError(path, "must not be blank"));
        } else if (!NAME.matcher(name).matches()) {
            errors.add(new FieldError(path,
                    "must be a DNS label: lower-case letters, digits and '-', at most 63 characters"));
        } else if (!seen.add(name)) {
            errors.add(new FieldError(path, "duplicate name '" + name + "'"));
        }
    }

    static void notNegative(Integer value, String path, List<FieldError> errors) {
        if (value != null && value < 0) {
            errors.add(new FieldError(path, "must not be negative"));
        }
    }

    static void atLeastOne(Integer value, String path, List<FieldError> errors) {
        if (value != null && value < 1) {
            errors.add(new FieldError(path, "must be at least 1"));
        }
    }

    static boolean isPort(int port) {
        return port >= 1 && port <= 65535;
    }

    static boolean isBlank(String s) {
        return s == null || s.isBlank();
    }}
