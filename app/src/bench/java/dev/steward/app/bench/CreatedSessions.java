package dev.steward.app.bench;

import java.util.List;
import java.util.UUID;

/** Sessions created together, and the milliseconds from the first POST until all were RUNNING. */
record CreatedSessions(List<UUID> ids, long millis) {

    double perSecond() {
        return ids.size() * 1000.0 / Math.max(1, millis);
    }
}
