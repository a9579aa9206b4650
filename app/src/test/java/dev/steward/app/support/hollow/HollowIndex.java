package dev.steward.app.support.hollow;

import dev.steward.contract.StewardLabels;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The hollow engine's containers by network and by session label: with tens of thousands of
 * containers, a part's listing (filtered by its session) and a network's inspect (its attached
 * containers) look at a few of them, not all; what a real engine's own indexes do is no work of Steward's.
 * Guarded by the engine's lock.
 */
public final class HollowIndex {

    private final Map<String, Set<HollowContainer>> byNetwork = new HashMap<>();
    private final Map<String, Set<HollowContainer>> bySession = new HashMap<>();

    void add(HollowContainer c) {
        byNetwork.computeIfAbsent(c.network, n -> new LinkedHashSet<>()).add(c);
        String session = c.labels.get(StewardLabels.SESSION);
        if (session != null) {
            bySession.computeIfAbsent(session, s -> new LinkedHashSet<>()).add(c);
        }
    }

    void remove(HollowContainer c) {
        drop(byNetwork, c.network, c);
        drop(bySession, c.labels.get(StewardLabels.SESSION), c);
    }

    Collection<HollowContainer> onNetwork(String network) {
        return byNetwork.getOrDefault(network, Set.of());
    }

    /**
     * The only containers a label filter can match when it names a session: that session's;
     * {@code all} otherwise.
     */
    Collection<HollowContainer> matchable(Map<String, List<String>> filters, Collection<HollowContainer> all) {
        String prefix = StewardLabels.SESSION + "=";
        for (String wanted : filters.getOrDefault("label", List.of())) {
            if (wanted.startsWith(prefix)) {
                return bySession.getOrDefault(wanted.substring(prefix.length()), Set.of());
            }
        }
        return all;
    }

    private static void drop(Map<String, Set<HollowContainer>> index, String key, HollowContainer c) {
        Set<HollowContainer> set = key == null ? null : index.get(key);
        if (set != null && set.remove(c) && set.isEmpty()) {
            index.remove(key);
        }
    }
}
