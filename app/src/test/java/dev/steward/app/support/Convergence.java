package dev.steward.app.support;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.model.Container;
import dev.steward.app.api.TransitionView;
import dev.steward.contract.StewardLabels;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/** What the durability tests check after a crash: duplicates, orphans and transitions written twice. */
public final class Convergence {

    private Convergence() {}

    /** Containers beyond the first of each pod (session, part, pod): each is a duplicate. */
    public static List<String> duplicateContainers(List<Container> containers) {
        Map<String, Integer> perPod = new HashMap<>();
        List<String> duplicates = new ArrayList<>();
        for (Container c : containers) {
            Map<String, String> labels = c.getLabels();
            String pod = labels.get(StewardLabels.SESSION) + "/" + labels.get(StewardLabels.PART) + "/"
                    + labels.get(StewardLabels.POD);
            if (perPod.merge(pod, 1, Integer::sum) > 1) {
                duplicates.add(pod + " " + c.getId());
            }
        }
        return duplicates;
    }

    /** Containers whose session is not one of {@code live}: left behind. */
    public static List<String> orphans(List<Container> containers, Set<String> live) {
        return containers.stream()
                .filter(c -> !live.contains(c.getLabels().get(StewardLabels.SESSION)))
                .map(c -> c.getLabels().get(StewardLabels.SESSION) + " " + c.getId())
                .toList();
    }

    /**
     * Transitions written twice: a resource's record repeating its previous one (same from, to, reason and
     * generation). A record retried after a crash carries its id and is written once; a repeat means a
     * change was recorded twice.
     */
    public static List<String> duplicatedTransitions(List<TransitionView> transitions) {
        Map<String, TransitionView> last = new HashMap<>();
        List<String> duplicated = new ArrayList<>();
        for (TransitionView t : transitions) {
            String resource = t.kind() + ":" + t.resource();
            TransitionView previous = last.put(resource, t);
            if (previous != null && Objects.equals(previous.from(), t.from()) && previous.to().equals(t.to())
                    && previous.reason().equals(t.reason()) && previous.generation() == t.generation()) {
                duplicated.add(resource + " " + t.from() + "->" + t.to() + " (" + t.reason() + ", generation "
                        + t.generation() + ")");
            }
        }
        return duplicated;
    }

    /** No transition recorded twice: the same resource, change and generation appear once at most. */
    public static void assertNoDuplicates(List<TransitionView> transitions) {
        Set<String> seen = new HashSet<>();
        for (TransitionView t : transitions) {
            String key = t.kind() + " " + t.resource() + " " + t.from() + ">" + t.to() + " @" + t.generation();
            assertTrue(seen.add(key), "recorded twice: " + key);
        }
    }
}
