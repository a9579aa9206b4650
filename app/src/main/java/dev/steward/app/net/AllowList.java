package dev.steward.app.net;

import java.util.List;
import java.util.regex.Pattern;

/**
 * An operator's allow-list: patterns in which {@code *} stands for any run of characters and everything
 * else for itself ({@code tcp://10.0.0.*:2376}); a text is allowed when some pattern matches it whole.
 */
public final class AllowList {

    private final List<String> patterns;
    private final List<Pattern> compiled;

    /** @param patterns the patterns; blank ones (an empty setting) are left out */
    public AllowList(List<String> patterns) {
        this.patterns = patterns.stream().map(String::strip).filter(p -> !p.isEmpty()).toList();
        this.compiled = this.patterns.stream().map(AllowList::glob).toList();
    }

    public boolean isEmpty() {
        return patterns.isEmpty();
    }

    public boolean allows(String text) {
        return compiled.stream().anyMatch(pattern -> pattern.matcher(text).matches());
    }

    /** The patterns as configured, for messages that say what is allowed. */
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
