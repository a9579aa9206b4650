package dev.steward.workflow.part;

import dev.steward.contract.ContainerState;
import dev.steward.contract.ImagePullResult;
import dev.steward.model.ImagePullPolicy;
import dev.steward.model.PodSpec;
import dev.steward.model.PodStatus;
import dev.steward.model.Reason;
import dev.steward.workflow.ActivityFailures;
import io.temporal.failure.ActivityFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.Promise;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Creates a pod's container with its image on its host, as the pod's pull policy says: {@code ALWAYS}
 * pulls first; {@code IF_NOT_PRESENT} creates first and pulls only when the engine says it has not the
 * image (one engine call where a look and a create would be two); {@code NEVER} never pulls. A registry
 * that refuses the image fails the pull at once (the caller fails the pod with ImagePullFailed); one
 * that cannot be reached leaves the pod waiting (ImagePullBackOff) and is tried again after a backoff
 * that doubles up to {@link #MAX_BACK_OFF}.
 */
final class ImagePulls {

    static final Duration FIRST_BACK_OFF = Duration.ofSeconds(2);
    static final Duration MAX_BACK_OFF = Duration.ofSeconds(30);

    private final PartState state;
    private final PodEngines engines;
    private final PodTransitions transitions;
    /**
     * The pass's pulls, under way or done, by host and image: pods of the part that need one image on
     * one host in one pass share its pull.
     */
    private final Map<List<String>, Promise<ImagePullResult>> pulls = new HashMap<>();

    ImagePulls(PartState state, PodEngines engines, PodTransitions transitions) {
        this.state = state;
        this.engines = engines;
        this.transitions = transitions;
    }

    /**
     * Creates the pod's container on {@code host} with {@code create}, pulling its image first or when
     * the engine has not it, as the pod's pull policy says.
     *
     * @param servingId the container that serves the pod meanwhile (a rolling replace), whose status
     *     the pull leaves as it is; {@code null} when the pod waits for its container (PENDING)
     * @return the created (or started) container; {@code null} while the pull backs off
     */
    ContainerState create(PodSpec pod, PodRuntime rt, String host, String servingId, Supplier<ContainerState> create) {
        if (backingOff(rt)) {
            return null;
        }
        if (pod.imagePullPolicy() == ImagePullPolicy.ALWAYS && !pulled(pod, rt, host, servingId)) {
            return null;
        }
        try {
            return create.get();
        } catch (ActivityFailure failure) {
            if (!ActivityFailures.isImageMissing(failure) || pod.imagePullPolicy() != ImagePullPolicy.IF_NOT_PRESENT) {
                throw failure;
            }
        }
        return pulled(pod, rt, host, servingId) ? create.get() : null;
    }

    /** Pulls the pod's image on {@code host}; @return whether it is there, {@code false} while the pull backs off */
    private boolean pulled(PodSpec pod, PodRuntime rt, String host, String servingId) {
        String where = "image " + pod.image() + " on host " + host;
        PodStatus status = servingId == null ? PodStatus.PENDING : state.pods.get(pod.name()).status();
        transitions.record(pod, status, Reason.PULLING.code(), "pulling " + where, servingId);
        try {
            ImagePullResult pulled = pull(host, pod.image());
            rt.pulled();
            transitions.record(pod, status, Reason.PULLED.code(), "pulled " + where + ": " + pulled.layers()
                    + " layers, " + pulled.bytes() + " bytes downloaded in " + Math.round(pulled.seconds() * 10) / 10.0
                    + " s", servingId);
            return true;
        } catch (ActivityFailure failure) {
            if (!ActivityFailures.isPullUnavailable(failure)) {
                throw failure;
            }
            long backOff = Math.min(FIRST_BACK_OFF.toMillis() << Math.min(rt.pullFailures(), 16), MAX_BACK_OFF.toMillis());
            long retryAt = Workflow.currentTimeMillis() + backOff;
            rt.pullFailedUntil(retryAt);
            transitions.record(pod, status, Reason.IMAGE_PULL_BACK_OFF.code(), "pulling " + where + " failed ("
                    + ActivityFailures.rootMessage(failure) + "); tried again at " + Instant.ofEpochMilli(retryAt),
                    servingId);
            return false;
        }
    }

    /** Whether the pod waits for its image's pull to be tried again (ImagePullBackOff). */
    boolean backingOff(PodRuntime rt) {
        return rt.pullBackingOff(Workflow.currentTimeMillis());
    }

    /** A reconcile pass begins: an image pulled in an earlier one is pulled again when a pod needs it. */
    void newPass() {
        pulls.clear();
    }

    /** The pull of {@code image} on {@code host} in this pass: the one under way or done, or a new one. */
    private ImagePullResult pull(String host, String image) {
        return pulls.computeIfAbsent(Arrays.asList(host, image),
                key -> Async.function(engines.pullsOn(host)::pullImage, image)).get();
    }
}
