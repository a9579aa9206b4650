package dev.steward.store;

import dev.steward.contract.StoredEvent;
import dev.steward.model.EventCause;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The CloudEvents that reached each session (table {@code session_events}): kept by the session's workflow as
 * it takes them, read by it for the data it does not carry, and by a resume for what the lost run knew.
 */
@Singleton
public class SessionEventStore {

    /** Upserts by session and event, so a retried keep changes nothing; a session without a row keeps nothing. */
    private static final String KEEP = """
            INSERT INTO session_events (session_id, source, event_id, type, arrived, data, received_at)
            SELECT ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM sessions WHERE id = ?)
            ON CONFLICT (session_id, source, event_id) DO UPDATE
            SET arrived = session_events.arrived OR EXCLUDED.arrived,
                data = COALESCE(session_events.data, EXCLUDED.data)""";
    private static final String DATA = """
            SELECT type, data FROM session_events WHERE session_id = ? AND source = ? AND event_id = ? AND arrived""";
    /** The first arrived event of each type and source: all a part's awaits and completesOn can match. */
    private static final String ARRIVED = """
            SELECT source, event_id, type FROM (
                SELECT DISTINCT ON (type, source) source, event_id, type, seq FROM session_events
                WHERE session_id = ? AND arrived ORDER BY type, source, seq) firsts
            ORDER BY seq LIMIT ?""";
    private static final String KEYS = """
            SELECT source, event_id FROM session_events WHERE session_id = ? ORDER BY seq DESC LIMIT ?""";

    private final TransactionOperations<Connection> transactions;

    public SessionEventStore(TransactionOperations<Connection> transactions) {
        this.transactions = transactions;
    }

    /** Keeps the events with the session in this order, each once: an event kept before keeps its place. */
    public void keep(UUID sessionId, List<StoredEvent> events) {
        transactions.executeWrite(status -> {
            try (PreparedStatement insert = status.getConnection().prepareStatement(KEEP)) {
                Timestamp now = Timestamp.from(Instant.now());
                for (StoredEvent event : events) {
                    insert.setObject(1, sessionId);
                    insert.setString(2, event.cause().source());
                    insert.setString(3, event.cause().id());
                    insert.setString(4, event.cause().type());
                    insert.setBoolean(5, event.arrived());
                    insert.setString(6, event.data());
                    insert.setTimestamp(7, now);
                    insert.setObject(8, sessionId);
                    // One at a time, in order: the sequence numbers follow the order the session took them.
                    insert.executeUpdate();
                }
                return events.size();
            } catch (SQLException e) {
                throw new IllegalStateException("keeping " + events.size() + " events of session " + sessionId
                        + " failed", e);
            }
        });
    }

    /** Those of the events that arrived for the session, with their data. */
    public List<StoredEvent> data(UUID sessionId, List<EventCause> events) {
        return transactions.executeRead(status -> {
            List<StoredEvent> found = new ArrayList<>();
            try (PreparedStatement select = status.getConnection().prepareStatement(DATA)) {
                for (EventCause event : events) {
                    select.setObject(1, sessionId);
                    select.setString(2, event.source());
                    select.setString(3, event.id());
                    try (ResultSet rows = select.executeQuery()) {
                        if (rows.next()) {
                            found.add(new StoredEvent(event, true, rows.getString(2)));
                        }
                    }
                }
                return found;
            } catch (SQLException e) {
                throw new IllegalStateException("reading the events of session " + sessionId + " failed", e);
            }
        });
    }

    /** The first arrived event of each type and source, as references (no data), in the order they arrived. */
    public List<EventCause> arrived(UUID sessionId, int limit) {
        return transactions.executeRead(status -> {
            try (PreparedStatement select = status.getConnection().prepareStatement(ARRIVED)) {
                select.setObject(1, sessionId);
                select.setInt(2, limit);
                List<EventCause> arrived = new ArrayList<>();
                try (ResultSet rows = select.executeQuery()) {
                    while (rows.next()) {
                        arrived.add(new EventCause(rows.getString(2), rows.getString(1), rows.getString(3)));
                    }
                }
                return arrived;
            } catch (SQLException e) {
                throw new IllegalStateException("reading the events of session " + sessionId + " failed", e);
            }
        });
    }

    /** The keys ({@link EventCause#key()}) of the latest events the session took, oldest first. */
    public List<String> keys(UUID sessionId, int limit) {
        return transactions.executeRead(status -> {
            try (PreparedStatement select = status.getConnection().prepareStatement(KEYS)) {
                select.setObject(1, sessionId);
                select.setInt(2, limit);
                List<String> keys = new ArrayList<>();
                try (ResultSet rows = select.executeQuery()) {
                    while (rows.next()) {
                        keys.add(new EventCause(rows.getString(2), rows.getString(1), "").key());
                    }
                }
                return keys.reversed();
            } catch (SQLException e) {
                throw new IllegalStateException("reading the events of session " + sessionId + " failed", e);
            }
        });
    }
}
