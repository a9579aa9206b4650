package dev.steward.app;

import com.github.dockerjava.api.model.Container;
import dev.steward.app.api.TransitionView;
import dev.steward.contract.StewardLabels;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/** What the durability tests check after a crash: duplicates, orphans and transitions written twice. */
final class Convergence {

    private Convergence() {}

    /** Containers beyond the first of each pod (session, part, pod): each is a duplicate. */
    static List<String> duplicateContainers(List<Container> containers) {
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
    static List<String> orphans(List<Container> containers, Set<String> live) {
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
    static List<String> duplicatedTransitions(List<TransitionView> transitions) {
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
}
