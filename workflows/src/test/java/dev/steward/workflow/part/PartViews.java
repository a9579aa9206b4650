package dev.steward.workflow.part;

import dev.steward.model.PartStatus;
import dev.steward.model.PartView;
import dev.steward.model.PodView;
import dev.steward.workflow.support.Eventually;

/** What the part tests read of a part's view. */
final class PartViews {

    private PartViews() {}

    static PartView awaitStatus(PartWorkflow part, PartStatus wanted) {
        return Eventually.await("part " + wanted, part::view, view -> view.status() == wanted);
    }

    static PodView pod(PartView part, String name) {
        return part.pods().stream().filter(p -> p.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no pod " + name + " in " + part));
    }
}
