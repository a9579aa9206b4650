package dev.steward.model;

import java.util.List;
import java.util.regex.Pattern;

/**
 * What an operator's allow-list permits: patterns in which {@code *} stands for any run of characters
 * ({@code tcp://10.0.0.*:2376}, {@code *.example.com}), every other character for itself. Pure.
 */
public final class AllowList {

    private final List<String> patterns;
    private final List<Pattern> compiled;

    /** @param patterns the patterns; blank ones (an empty setting) are left out */
    public AllowList(List<String> patterns) {
        this.patterns = patterns.stream().map(String::strip).filter(p -> !p.isEmpty()).toList();
        this.compiled = this.patterns.stream().map(AllowList::glob).toList();
    }

    /** Whether it has no pattern: it allows nothing. */
    public boolean isEmpty() {
        return patterns.isEmpty();
    }

    /** Whether some pattern matches all of {@code name}. */
    public boolean allows(String name) {
        return compiled.stream().anyMatch(p -> p.matcher(name).matches());
    }

    /** The patterns, as the operator wrote them. */
    @Override
    public String toString() {
        return patterns.toString();
    }

    private static Pattern glob(String pattern) {
        StringBuilder regex = new StringBuilder();
        for (String literal : pattern.split("\\*", -1)) {
            if (!regex.isEmpty()) {
                regex.append(".*");
            }
            regex.append(Pattern.quote(literal));
        }
        return Pattern.compile(regex.toString());
    }
}
