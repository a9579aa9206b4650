package dev.steward.app.session;

import dev.steward.app.refusal.InvalidRequest;
import dev.steward.model.FieldError;
import dev.steward.model.HostSpecValidator;
import io.micronaut.core.annotation.Nullable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A label selector as Kubernetes writes one, terms joined by commas: {@code key=value} (or {@code ==}),
 * {@code key!=value} (also true where the key is absent), {@code key} (present), {@code !key} (absent).
 */
public record LabelSelector(Map<String, String> equal, Map<String, String> notEqual, List<String> present,
        List<String> absent) {

    public static final LabelSelector ANY = new LabelSelector(Map.of(), Map.of(), List.of(), List.of());

    /** The selector written in {@code text}; 422 naming {@code labelSelector} when a term is not one. */
    public static LabelSelector parse(@Nullable String text) {
        if (text == null || text.isBlank()) {
            return ANY;
        }
        Map<String, String> equal = new LinkedHashMap<>();
        Map<String, String> notEqual = new LinkedHashMap<>();
        List<String> present = new ArrayList<>();
        List<String> absent = new ArrayList<>();
        for (String raw : text.split(",", -1)) {
            String term = raw.trim();
            int notAt = term.indexOf("!=");
            int eqAt = term.indexOf('=');
            if (notAt > 0) {
                notEqual.put(term.substring(0, notAt).trim(), term.substring(notAt + 2).trim());
            } else if (eqAt > 0) {
                String value = term.substring(eqAt + 1);
                equal.put(term.substring(0, eqAt).trim(), (value.startsWith("=") ? value.substring(1) : value).trim());
            } else if (term.startsWith("!")) {
                absent.add(term.substring(1).trim());
            } else {
                present.add(term);
            }
        }
        Map<String, String> every = new LinkedHashMap<>(equal);
        every.putAll(notEqual);
        present.forEach(key -> every.put(key, ""));
        absent.forEach(key -> every.put(key, ""));
        List<FieldError> errors = new ArrayList<>();
        HostSpecValidator.validateLabels(every, "labelSelector", errors);
        if (!errors.isEmpty()) {
            throw new InvalidRequest(new FieldError("labelSelector", "'" + text + "' is not a label selector: terms are"
                    + " key=value, key!=value, key or !key, joined by commas, with keys and values as labels have them"));
        }
        return new LabelSelector(equal, notEqual, present, absent);
    }
}
