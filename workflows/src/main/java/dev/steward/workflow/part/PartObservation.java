package dev.steward.workflow.part;

import dev.steward.model.DesiredStatus;
import dev.steward.model.PodView;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * What a pass knows of its part once it acted on every pod.
 *
 * @param desired the part's desired status
 * @param pods its pods as the pass left them, in spec order
 * @param maxUnhealthy how many pods may fail before the part does: a count, or a percentage ending in '%'
 * @param attempts how often each pod was created or started, by pod name
 * @param generation the part's generation now
 * @param passGeneration the generation the pass began with
 * @param observedGeneration the last generation the part converged to
 * @param stalled the progress deadline that passed without any pod changing status, or {@code null} while none has
 */
record PartObservation(DesiredStatus desired, List<PodView> pods, String maxUnhealthy, Map<String, Integer> attempts,
        long generation, long passGeneration, long observedGeneration, Duration stalled) {}
