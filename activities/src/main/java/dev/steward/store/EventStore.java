package dev.steward.store;

import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Accepted events in PostgreSQL: stored once per source and id, and leased to one dispatcher at a
 * time, so that every event is acted on at least once whatever crashes, and its effects, keyed by the
 * event, make that exactly one effect.
 */
@Singleton
public class EventStore {

    private static final String INSERT = """
            INSERT INTO events (source, id, type, subject, sender, owner, event, received_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (source, id) DO NOTHING
            RETURNING seq""";
    private static final String LEASE = """
            UPDATE events SET lease_until = ?
            WHERE seq = ? AND dispatched_at IS NULL AND (lease_until IS NULL OR lease_until < ?)""";

    private final TransactionOperations<Connection> transactions;
    private final EventRepository events;

    public EventStore(TransactionOperations<Connection> transactions, EventRepository events) {
        this.transactions = transactions;
        this.events = events;
    }

    /**
     * Stores every event in one transaction: all or none.
     *
     * @return per event, in order, its new seq, or empty when an event of that source and id was stored before
     */
    public List<Optional<Long>> insertAll(List<NewEvent> batch, Instant receivedAt) {
        return transactions.executeWrite(status -> {
            List<Optional<Long>> seqs = new ArrayList<>();
            try (PreparedStatement insert = status.getConnection().prepareStatement(INSERT)) {
                for (NewEvent event : batch) {
                    insert.setString(1, event.source());
                    insert.setString(2, event.id());
                    insert.setString(3, event.type());
                    insert.setString(4, event.subject());
                    insert.setString(5, event.sender());
                    insert.setString(6, event.owner());
                    insert.setString(7, event.json());
                    insert.setTimestamp(8, Timestamp.from(receivedAt));
                    try (ResultSet inserted = insert.executeQuery()) {
                        seqs.add(inserted.next() ? Optional.of(inserted.getLong(1)) : Optional.empty());
                    }
                }
            } catch (SQLException e) {
                throw new IllegalStateException("storing " + batch.size() + " event(s) failed", e);
            }
            return seqs;
        });
    }

    /** Takes the event for dispatch for {@code lease}, unless it was dispatched or another dispatcher holds it. */
    public Optional<EventRow> lease(long seq, Duration lease) {
        Instant now = Instant.now();
        int taken = transactions.executeWrite(status -> {
            try (PreparedStatement update = status.getConnection().prepareStatement(LEASE)) {
                update.setTimestamp(1, Timestamp.from(now.plus(lease)));
                update.setLong(2, seq);
                update.setTimestamp(3, Timestamp.from(now));
                return update.executeUpdate();
            } catch (SQLException e) {
                throw new IllegalStateException("leasing event " + seq + " failed", e);
            }
        });
        return taken == 1 ? events.findBySeq(seq) : Optional.empty();
    }

    /** Events to dispatch again: not dispatched, held by nobody, and older than {@code minAge}. */
    public List<Long> undispatched(Duration minAge, int limit) {
        Instant now = Instant.now();
        return events.findUndispatched(now, now.minus(minAge), limit);
    }

    public void recordDispatch(long seq, boolean matched, String outcome, String sessionsJson) {
        events.recordDispatch(seq, Instant.now(), matched, outcome, sessionsJson);
    }
}
