package dev.steward.workflow.part;

import dev.steward.contract.ContainerState;
import java.util.List;

/**
 * What one reconcile pass does for one pod.
 *
 * @param step what to do with the pod's current container
 * @param current the container that matches the desired spec, or {@code null}
 * @param remove containers of the pod to stop and remove: outdated specs, or all when not running
 */
public record PodPlan(Step step, ContainerState current, List<ContainerState> remove) {

    public enum Step {
        /** No container has the desired spec: create one and start it. */
        CREATE,
        /** The container with the desired spec exists but does not run. */
        START,
        /** The container with the desired spec runs, with other limits: they are applied to it in place. */
        UPDATE,
        /**
         * The container with the desired spec runs, with a limit the desired spec lifts: no engine lifts
         * one in place, so it is removed and created again.
         */
        REPLACE,
        /** Nothing to do for the current container. */
        NONE
    }
}
