package dev.steward.workflow.part;

import static dev.steward.workflow.ActivityFailures.rootMessage;

import dev.steward.contract.ContainerActivities;
import dev.steward.contract.ContainerState;
import dev.steward.contract.PlacementActivities;
import dev.steward.contract.StewardLabels;
import dev.steward.workflow.ActivityDefaults;
import dev.steward.workflow.HostStubs;
import io.temporal.failure.ActivityFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.Promise;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;

/**
 * A part's first run that may find containers of its pods already (its session started it again after its
 * workflow closed, or was resumed): before its first pass it lists the part's containers on every registered
 * host and takes each pod's host from where its container is, so that a part told to stop or delete removes
 * them, and a running one keeps them.
 */
final class PodAdoption {

    private static final Logger log = Workflow.getLogger(PodAdoption.class);

    private final PartState state;
    private final PlacementActivities placement =
            Workflow.newActivityStub(PlacementActivities.class, ActivityDefaults.database(Duration.ofSeconds(30)));
    private final HostStubs<ContainerActivities> engines =
            new HostStubs<>(ContainerActivities.class, ActivityDefaults.withTimeout(Duration.ofMinutes(1)));

    PodAdoption(PartState state) {
        this.state = state;
    }

    /** Takes the host of every pod whose container it finds; a host that does not answer is left to placement. */
    void adopt() {
        Map<String, String> labels = StewardLabels.forPart(state.sessionId, state.name);
        Map<String, Promise<List<ContainerState>>> listings = new LinkedHashMap<>();
        for (String host : placement.hostNames()) {
            listings.put(host, Async.function(engines.on(host)::listContainers, labels));
        }
        listings.forEach((host, listing) -> {
            try {
                for (ContainerState container : listing.get()) {
                    PodRuntime rt = state.runtimes.get(container.label(StewardLabels.POD));
                    if (rt != null && rt.host() == null) {
                        rt.placeOn(host);
                        log.info("part {}: adopts the container {} on host {}", state.name, container.name(), host);
                    }
                }
            } catch (ActivityFailure failure) {
                log.warn("part {}: listing its containers on host {} failed; its pods there are placed again: {}",
                        state.name, host, rootMessage(failure));
            }
        });
    }
}
