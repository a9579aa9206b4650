package dev.steward.app.session;

import dev.steward.config.HostsConfig;
import dev.steward.model.PodSpec;
import dev.steward.model.PullProgress;
import dev.steward.model.Reason;
import dev.steward.store.ImagePullProgressRepository;
import dev.steward.store.ImagePullProgressRow;
import dev.steward.store.PlacementRepository;
import dev.steward.store.PlacementRow;
import dev.steward.store.PodRow;
import dev.steward.store.SessionRow;
import jakarta.inject.Singleton;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * How far the pulls are that pods wait for. A pod whose reason is {@code Pulling} waits for its image
 * on a host it is placed on (its pod row names no host until its container exists), or on the local
 * host when its part started before placement; the pull's activity writes its progress by host and
 * image. Two queries for any number of sessions, none when no pod is pulling.
 */
@Singleton
public class PodPulls {

    private final ImagePullProgressRepository progress;
    private final PlacementRepository placements;
    private final HostsConfig hosts;

    public PodPulls(ImagePullProgressRepository progress, PlacementRepository placements, HostsConfig hosts) {
        this.progress = progress;
        this.placements = placements;
        this.hosts = hosts;
    }

    /** The progress of the pulls the pulling ones of {@code pods} wait for, by pod row id; those with none are left out. */
    Map<Long, PullProgress> of(List<SessionRow> sessions, List<PodRow> pods) {
        List<PodRow> pulling = pods.stream().filter(pod -> Reason.PULLING.code().equals(pod.reason())).toList();
        if (pulling.isEmpty()) {
            return Map.of();
        }
        Map<UUID, SessionRow> sessionsById = sessions.stream().collect(Collectors.toMap(SessionRow::id, s -> s));
        Map<Long, String> images = new HashMap<>();
        for (PodRow pod : pulling) {
            String image = imageOf(sessionsById.get(pod.sessionId()), pod);
            if (image != null) {
                images.put(pod.id(), image);
            }
        }
        List<ImagePullProgressRow> rows = images.isEmpty() ? List.of() : progress.findByImageIn(Set.copyOf(images.values()));
        if (rows.isEmpty()) {
            return Map.of();
        }
        Map<List<Object>, Set<String>> placed = new HashMap<>();
        for (PlacementRow row : placements.findBySessionIdIn(
                pulling.stream().map(PodRow::sessionId).collect(Collectors.toSet()))) {
            placed.computeIfAbsent(List.of(row.sessionId(), row.partName(), row.podName()), k -> new HashSet<>())
                    .add(row.host());
        }
        Map<Long, PullProgress> found = new HashMap<>();
        for (PodRow pod : pulling) {
            Set<String> on = new HashSet<>(placed.getOrDefault(List.of(pod.sessionId(), pod.partName(), pod.name()),
                    Set.of()));
            if (pod.host() != null) {
                on.add(pod.host());
            }
            if (on.isEmpty()) {
                on.add(hosts.localName());
            }
            rows.stream()
                    .filter(row -> row.image().equals(images.get(pod.id())) && on.contains(row.host()))
                    .max(Comparator.comparing(ImagePullProgressRow::updatedAt))
                    .ifPresent(row -> found.put(pod.id(), new PullProgress(row.layersDone(), row.layers(),
                            row.bytesDone(), row.bytesTotal(), row.updatedAt())));
        }
        return found;
    }

    private static String imageOf(SessionRow session, PodRow pod) {
        if (session == null || session.spec() == null) {
            return null;
        }
        return session.spec().parts().stream().filter(part -> part.name().equals(pod.partName()))
                .flatMap(part -> part.instances().stream())
                .filter(spec -> spec.name().equals(pod.name()))
                .map(PodSpec::image).filter(Objects::nonNull).findFirst().orElse(null);
    }
}
