package dev.steward.activity;

import dev.steward.model.PodSpec;
import dev.steward.store.LivePodRow;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;

/** What the live sessions want on an engine: their parts, and each pod by name (each replica one). */
final class LivePods {

    private final Map<UUID, Set<String>> partsBySession = new HashMap<>();
    private final Set<String> pods = new HashSet<>();

    private LivePods() {}

    static LivePods of(List<LivePodRow> rows) {
        LivePods live = new LivePods();
        for (LivePodRow row : rows) {
            live.partsBySession.computeIfAbsent(row.sessionId(), id -> new TreeSet<>()).add(row.partName());
            for (String pod : PodSpec.instanceNames(row.podName(), row.replicas())) {
                live.pods.add(podKey(row.sessionId().toString(), row.partName(), pod));
            }
        }
        return live;
    }

    /** The live sessions' parts, by session. */
    Map<UUID, Set<String>> partsBySession() {
        return partsBySession;
    }

    /** The live sessions' ids, as the engine's labels carry them. */
    Set<String> sessionIds() {
        Set<String> ids = new HashSet<>();
        partsBySession.keySet().forEach(id -> ids.add(id.toString()));
        return ids;
    }

    /** Whether a live session has that pod in that part; labels that name no session want nothing. */
    boolean wants(String session, String part, String pod) {
        return pods.contains(podKey(session, part, pod));
    }

    /** One pod of one session's part, as the resync matches containers' labels with the database's rows. */
    static String podKey(String session, String part, String pod) {
        return session + "/" + part + "/" + pod;
    }
}
