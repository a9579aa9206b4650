package dev.steward.contract;

import dev.steward.model.PodResources;
import java.util.Map;
import java.util.UUID;

/**
 * A pod to place.
 *
 * @param sessionId its session
 * @param part its part
 * @param pod its name
 * @param resources what it reserves besides its pod slot
 * @param hostSelector labels its host must carry
 */
public record PlacementRequest(UUID sessionId, String part, String pod, PodResources resources,
        Map<String, String> hostSelector) {}
