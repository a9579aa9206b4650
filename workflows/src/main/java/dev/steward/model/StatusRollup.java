package dev.steward.model;

import java.util.Collection;
import java.util.Map;
import java.util.stream.Collectors;

/** How observed status bubbles up: pods decide their part's status, parts their session's. Pure. */
public final class StatusRollup {

    private StatusRollup() {}

    /**
     * A part's status from its pods' statuses, by pod name. The part fails when more of its pods
     * failed than {@code maxUnhealthy} (a count, or a percentage ending in '%') allows.
     */
    public static Rollup<PartStatus> part(DesiredStatus desired, Map<String, PodStatus> pods, String maxUnhealthy) {
        String failed = namesWith(pods, PodStatus.FAILED);
        long failedCount = pods.values().stream().filter(PodStatus.FAILED::equals).count();
        int allowed = MaxUnhealthy.allowed(maxUnhealthy, pods.size());
        return switch (desired) {
            case RUNNING -> {
                if (failedCount > allowed) {
                    yield new Rollup<>(PartStatus.FAILED, Reason.POD_FAILED.code(), "failed pods: " + failed + " (" + failedCount
                            + " of " + pods.size() + ", maxUnhealthy " + maxUnhealthy + ")", true);
                }
                if (all(pods.values(), PodStatus.COMPLETED)) {
                    yield new Rollup<>(PartStatus.COMPLETED, Reason.ALL_JOBS_COMPLETED.code(),
                            "all " + pods.size() + " jobs completed", true);
                }
                if (pods.values().stream().allMatch(p -> p == PodStatus.READY || p == PodStatus.COMPLETED
                        || p == PodStatus.FAILED)) {
                    yield failedCount == 0
                            ? new Rollup<>(PartStatus.READY, Reason.ALL_PODS_READY.code(), "all " + pods.size() + " pods are ready", true)
                            : new Rollup<>(PartStatus.READY, Reason.WITHIN_MAX_UNHEALTHY.code(), "failed pods: " + failed + " ("
                                    + failedCount + " of " + pods.size() + ", maxUnhealthy " + maxUnhealthy + ")", true);
                }
                yield new Rollup<>(PartStatus.PROVISIONING, Reason.PODS_NOT_READY.code(),
                        "waiting for pods: " + namesNot(pods, PodStatus.READY), false);
            }
            case STOPPED -> all(pods.values(), PodStatus.STOPPED)
                    ? new Rollup<>(PartStatus.STOPPED, Reason.ALL_PODS_STOPPED.code(), "no container of the part exists", true)
                    : new Rollup<>(PartStatus.STOPPING, Reason.DESIRED_STOPPED.code(),
                            "removing containers of pods: " + namesNot(pods, PodStatus.STOPPED), false);
            case DELETED -> all(pods.values(), PodStatus.REMOVED)
                    ? new Rollup<>(PartStatus.DELETED, Reason.ALL_PODS_REMOVED.code(), "no container of the part exists", true)
                    : new Rollup<>(PartStatus.STOPPING, Reason.DESIRED_DELETED.code(),
                            "removing containers of pods: " + namesNot(pods, PodStatus.REMOVED), false);
        };
    }

    /**
     * A session's status from its parts' statuses, by part name. A failed part here is one whose
     * policy is to continue (an aborting one ends the session before a roll-up): the session is
     * DEGRADED, and converged once every other part is up.
     */
    public static Rollup<SessionStatus> session(DesiredStatus desired, Map<String, PartStatus> parts) {
        String failed = namesWith(parts, PartStatus.FAILED);
        return switch (desired) {
            case RUNNING -> {
                boolean othersUp = parts.values().stream().allMatch(p -> p == PartStatus.FAILED || isUp(p));
                if (!failed.isEmpty()) {
                    yield new Rollup<>(SessionStatus.DEGRADED, Reason.PART_FAILED.code(),
                            "failed parts (onFailure continue): " + failed, othersUp);
                }
                if (othersUp) {
                    yield new Rollup<>(SessionStatus.RUNNING, Reason.ALL_PARTS_READY.code(),
                            "all " + parts.size() + " parts are ready", true);
                }
                yield new Rollup<>(SessionStatus.PROVISIONING, Reason.PARTS_NOT_READY.code(),
                        "waiting for parts: " + namesNot(parts, PartStatus.READY), false);
            }
            case STOPPED -> all(parts.values(), PartStatus.STOPPED)
                    ? new Rollup<>(SessionStatus.STOPPED, Reason.ALL_PARTS_STOPPED.code(), "no container of the session exists", true)
                    : new Rollup<>(SessionStatus.STOPPING, Reason.DESIRED_STOPPED.code(),
                            "stopping parts: " + namesNot(parts, PartStatus.STOPPED), false);
            case DELETED -> all(parts.values(), PartStatus.DELETED)
                    ? new Rollup<>(SessionStatus.DELETED, Reason.ALL_PARTS_DELETED.code(), "every part is deleted", true)
                    : new Rollup<>(SessionStatus.STOPPING, Reason.DESIRED_DELETED.code(),
                            "deleting parts: " + namesNot(parts, PartStatus.DELETED), false);
        };
    }

    /** READY, or done for good: a COMPLETED part never needs to run again. */
    private static boolean isUp(PartStatus status) {
        return status == PartStatus.READY || status == PartStatus.COMPLETED;
    }

    private static <S> boolean all(Collection<S> statuses, S wanted) {
        return statuses.stream().allMatch(wanted::equals);
    }

    private static <S> String namesWith(Map<String, S> statuses, S wanted) {
        return statuses.entrySet().stream()
                .filter(e -> e.getValue().equals(wanted))
                .map(Map.Entry::getKey)
                .collect(Collectors.joining(", "));
    }

    private static <S> String namesNot(Map<String, S> statuses, S unwanted) {
        return statuses.entrySet().stream()
                .filter(e -> !e.getValue().equals(unwanted))
                .map(e -> e.getKey() + " (" + e.getValue() + ")")
                .collect(Collectors.joining(", "));
    }
}
