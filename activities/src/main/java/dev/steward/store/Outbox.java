package dev.steward.store;

import io.micronaut.data.exceptions.DataAccessException;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;

/**
 * Appends recorded changes to the outbox, inside the transaction that records them: nothing leaves
 * Steward that was not recorded, and nothing recorded stays behind.
 *
 * <p>Plain JDBC on the recording transaction's connection: the numbers come from
 * {@code INSERT ... ON CONFLICT ... RETURNING}, which a repository method cannot return. The position
 * is taken first and the stream's sequence second, in every transaction, so two never wait on each other
 * in opposite orders. Each appended event is announced on {@link #CHANNEL} ({@code NOTIFY}), which
 * PostgreSQL delivers when the transaction commits, so what listens is woken by what it can read.
 */
@Singleton
public class Outbox {

    /** The notification channel; its payload is {@link Appended#payload}. */
    public static final String CHANNEL = "steward_outbox";
    private static final String POSITIONS = "*";

    private static final String NEXT = """
            INSERT INTO outbox_counters AS c (stream, last) VALUES (?, 1)
            ON CONFLICT (stream) DO UPDATE SET last = c.last + 1
            RETURNING last""";

    private static final String APPEND = """
            INSERT INTO outbox_events (id, position, sequence, session_id, owner, host, kind, part_name, pod_name,
                from_status, to_status, reason, message, generation, occurred_at)
            VALUES (?, ?, ?, ?, (SELECT owner FROM sessions WHERE id = ?), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO NOTHING
            RETURNING owner""";

    private static final String NOTIFY = "SELECT pg_notify('" + CHANNEL + "', ?)";

    /** Call only once the transition itself was inserted, in the same transaction. */
    public void append(Connection connection, OutboxEntry entry) {
        try {
            long position = next(connection, POSITIONS);
            long sequence = next(connection, entry.stream());
            try (PreparedStatement insert = connection.prepareStatement(APPEND)) {
                insert.setObject(1, entry.id());
                insert.setLong(2, position);
                insert.setLong(3, sequence);
                insert.setObject(4, entry.sessionId());
                insert.setObject(5, entry.sessionId());
                insert.setString(6, entry.host());
                insert.setString(7, entry.kind());
                insert.setString(8, entry.part());
                insert.setString(9, entry.pod());
                insert.setString(10, entry.from());
                insert.setString(11, entry.to());
                insert.setString(12, entry.reason());
                insert.setString(13, entry.message());
                if (entry.generation() == null) {
                    insert.setNull(14, Types.BIGINT);
                } else {
                    insert.setLong(14, entry.generation());
                }
                insert.setTimestamp(15, Timestamp.from(entry.occurredAt()));
                try (ResultSet appended = insert.executeQuery()) {
                    if (appended.next()) {
                        notify(connection, new Appended(position, entry.sessionId(), appended.getString(1)));
                    }
                }
            }
        } catch (SQLException e) {
            throw new DataAccessException("could not append to the outbox", e);
        }
    }

    private static void notify(Connection connection, Appended appended) throws SQLException {
        try (PreparedStatement notify = connection.prepareStatement(NOTIFY)) {
            notify.setString(1, appended.payload());
            notify.execute();
        }
    }

    private static long next(Connection connection, String stream) throws SQLException {
        try (PreparedStatement next = connection.prepareStatement(NEXT)) {
            next.setString(1, stream);
            try (ResultSet rs = next.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }
}
