package dev.steward.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The retention purge removes what is older than its retention and nothing else: not a young row, not an
 * event a subscription still waits for, not a session that has not ended. It works in batches of two
 * here, so each kind of row takes several.
 */
@MicronautTest
@Property(name = "steward.retention.batch-size", value = "2")
@Property(name = "steward.delivery.enabled", value = "false")
class RetentionIT {

    private static final Duration WEEK = Duration.ofDays(7);

    @Inject
    DataSource dataSource;

    @Inject
    RetentionSweep retention;

    private final Instant now = Instant.now();
    private final Instant old = now.minus(WEEK).minus(Duration.ofHours(1));
    private final Instant young = now.minus(WEEK).plus(Duration.ofHours(1));
    private final List<UUID> sessions = new ArrayList<>();
    private final List<UUID> subscriptions = new ArrayList<>();

    @Test
    void purgesWhatIsOlderThanItsRetentionAndNothingElse() throws Exception {
        UUID endedLongAgo = session("DELETED", old);
        UUID expiredLongAgo = session("EXPIRED", old);
        UUID endedRecently = session("DELETED", young);
        UUID running = session("RUNNING", old);
        UUID failedLongAgo = session("FAILED", old); // may still be deleted or retried: its workflow goes on

        List<UUID> oldTransitions = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            oldTransitions.add(transition(running, old));
        }
        UUID youngTransition = transition(running, young);
        UUID endedRecentlysOld = transition(endedRecently, old);
        UUID endedLongAgosYoung = transition(endedLongAgo, young);

        long base = System.nanoTime() % 1_000_000_000L + 1_000_000_000_000L;
        List<UUID> oldDelivered = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            oldDelivered.add(outboxEvent(running, base + i, old));
        }
        UUID youngDelivered = outboxEvent(running, base + 5, young);
        UUID oldOwed = outboxEvent(running, base + 7, old);
        subscriptionAt(base + 6); // has everything up to base + 6, not base + 7

        RetentionSweep.Purged purged = retention.purge(now);

        assertTrue(purged.endedSessions() >= 2 && purged.outboxEvents() >= 5 && purged.transitions() >= 6, purged.toString());
        assertEquals(List.of(false, false, true, true, true),
                List.of(exists("sessions", endedLongAgo), exists("sessions", expiredLongAgo), exists("sessions", endedRecently),
                        exists("sessions", running), exists("sessions", failedLongAgo)),
                "ended long ago, expired long ago, ended recently, running, failed long ago");
        assertEquals(false, exists("state_transitions", endedLongAgosYoung), "gone with its session");
        for (UUID id : oldTransitions) {
            assertEquals(false, exists("state_transitions", id), "old transition " + id);
        }
        assertEquals(false, exists("state_transitions", endedRecentlysOld), "old transition of a young session");
        assertEquals(true, exists("state_transitions", youngTransition));
        for (UUID id : oldDelivered) {
            assertEquals(false, exists("outbox_events", id), "old delivered event " + id);
        }
        assertEquals(true, exists("outbox_events", youngDelivered), "a young event");
        assertEquals(true, exists("outbox_events", oldOwed), "an old event a subscription still waits for");
    }

    private UUID session(String status, Instant updatedAt) throws SQLException {
        UUID id = UUID.randomUUID();
        update("""
                INSERT INTO sessions (id, owner, desired_status, status, generation, spec, created_at, updated_at)
                VALUES (?, 'retention', 'DELETED', ?, 1, '{}', ?, ?)""", id, status, Timestamp.from(updatedAt),
                Timestamp.from(updatedAt));
        sessions.add(id);
        return id;
    }

    private UUID transition(UUID session, Instant recordedAt) throws SQLException {
        UUID id = UUID.randomUUID();
        update("""
                INSERT INTO state_transitions (id, session_id, kind, resource, to_status, reason, generation,
                    occurred_at, recorded_at)
                VALUES (?, ?, 'SESSION', ?, 'RUNNING', 'AllPartsReady', 1, ?, ?)""", id, session, session.toString(),
                Timestamp.from(recordedAt), Timestamp.from(recordedAt));
        return id;
    }

    private UUID outboxEvent(UUID session, long position, Instant recordedAt) throws SQLException {
        UUID id = UUID.randomUUID();
        update("""
                INSERT INTO outbox_events (id, position, sequence, session_id, kind, to_status, occurred_at, recorded_at)
                VALUES (?, ?, ?, ?, 'SESSION', 'RUNNING', ?, ?)""", id, position, position, session,
                Timestamp.from(recordedAt), Timestamp.from(recordedAt));
        return id;
    }

    private void subscriptionAt(long position) throws SQLException {
        UUID id = UUID.randomUUID();
        update("""
                INSERT INTO subscriptions (id, sink, content_mode, filters, status, position, next_attempt_at,
                    last_success_at, created_at, updated_at)
                VALUES (?, 'http://127.0.0.1:9/sink', 'BINARY', '[]', 'VALIDATING', ?, now(), now(), now(), now())""",
                id, position);
        subscriptions.add(id);
    }

    private boolean exists(String table, UUID id) throws SQLException {
        try (Connection connection = dataSource.getConnection();
                var select = connection.prepareStatement("SELECT 1 FROM " + table + " WHERE id = ?")) {
            select.setObject(1, id);
            try (var rows = select.executeQuery()) {
                return rows.next();
            }
        }
    }

    private void update(String sql, Object... values) throws SQLException {
        try (Connection connection = dataSource.getConnection(); var statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < values.length; i++) {
                statement.setObject(i + 1, values[i]);
            }
            statement.executeUpdate();
        }
    }

    @AfterEach
    void removeWhatThisTestMade() throws SQLException {
        for (UUID id : subscriptions) {
            update("DELETE FROM subscriptions WHERE id = ?", id);
        }
        for (UUID id : sessions) {
            update("DELETE FROM outbox_events WHERE session_id = ?", id);
            update("DELETE FROM sessions WHERE id = ?", id);
        }
    }
}
