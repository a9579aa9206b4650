package dev.steward.store;

import dev.steward.contract.StoredEvent;
import dev.steward.model.EventAwait;
import dev.steward.model.EventCause;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The CloudEvents that reached each session (table {@code session_events}): recorded before the session's
 * workflow is handed them, read by the workflows for their data, and by a resume for what the lost run knew.
 */
@Singleton
public class SessionEventStore {

    private static final String RECORD = """
            INSERT INTO session_events (session_id, source, event_id, type, arrived, data, received_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (session_id, source, event_id) DO UPDATE
            SET arrived = session_events.arrived OR EXCLUDED.arrived,
                data = COALESCE(session_events.data, EXCLUDED.data)""";
    private static final String FIRST_MATCH = """
            SELECT source, event_id, type, data, seq FROM session_events
            WHERE session_id = ? AND arrived AND type = ? AND (CAST(? AS TEXT) IS NULL OR source = ?)
            ORDER BY seq LIMIT 1""";
    /** The first arrived event of each type and source: all a part's awaits can match. */
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

    /**
     * Records that the event reached the session, once per session and event; {@code arrived} with its data when
     * the session's parts await or complete on it.
     */
    public void record(UUID sessionId, EventCause event, boolean arrived, @Nullable String data) {
        transactions.executeWrite(status -> {
            try (PreparedStatement insert = status.getConnection().prepareStatement(RECORD)) {
                insert.setObject(1, sessionId);
                insert.setString(2, event.source());
                insert.setString(3, event.id());
                insert.setString(4, event.type());
                insert.setBoolean(5, arrived);
                insert.setString(6, data);
                insert.setTimestamp(7, Timestamp.from(Instant.now()));
                return insert.executeUpdate();
            } catch (SQLException e) {
                throw new IllegalStateException("recording " + event.describe() + " for session " + sessionId
                        + " failed", e);
            }
        });
    }

    /** For each await, the first arrived event it matches, each event once, in the order they arrived. */
    public List<StoredEvent> firstArrived(UUID sessionId, List<EventAwait> awaits) {
        return transactions.executeRead(status -> {
            Map<String, StoredEvent> found = new LinkedHashMap<>();
            Map<String, Long> order = new LinkedHashMap<>();
            try (PreparedStatement select = status.getConnection().prepareStatement(FIRST_MATCH)) {
                for (EventAwait await : awaits) {
                    select.setObject(1, sessionId);
                    select.setString(2, await.type());
                    select.setString(3, await.source());
                    select.setString(4, await.source());
                    try (ResultSet rows = select.executeQuery()) {
                        if (rows.next()) {
                            StoredEvent event = new StoredEvent(rows.getString(1), rows.getString(2), rows.getString(3),
                                    rows.getString(4));
                            String key = event.source() + " " + event.id();
                            found.putIfAbsent(key, event);
                            order.putIfAbsent(key, rows.getLong(5));
                        }
                    }
                }
            } catch (SQLException e) {
                throw new IllegalStateException("reading the events of session " + sessionId + " failed", e);
            }
            return order.entrySet().stream().sorted(Map.Entry.comparingByValue())
                    .map(e -> found.get(e.getKey())).toList();
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
