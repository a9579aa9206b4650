package dev.steward.app.session;

import io.micronaut.transaction.TransactionDefinition;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Resumes of one session take turns, whichever process runs them (every worker's resume sweep, an API call that
 * finds the workflow missing): a PostgreSQL advisory lock keyed by the session's id, held for one transaction,
 * so it goes with the transaction however that ends, a dead connection included. Other sessions' resumes do not
 * wait for it.
 */
@Singleton
public class ResumeLock {

    /** The first key of Steward's resume locks ("STWR"), so they meet no other advisory lock on the server. */
    private static final int RESUMES = 0x53545752;

    private final TransactionOperations<Connection> transactions;

    public ResumeLock(TransactionOperations<Connection> transactions) {
        this.transactions = transactions;
    }

    /**
     * Runs {@code work} holding the session's resume lock, waiting for whoever holds it now. The lock's transaction
     * is a new one, so the lock goes when {@code work} returns, whatever transaction the caller is in.
     */
    public <T> T holding(UUID sessionId, Supplier<T> work) {
        return transactions.execute(TransactionDefinition.of(TransactionDefinition.Propagation.REQUIRES_NEW), status -> {
            try (PreparedStatement lock = status.getConnection().prepareStatement("SELECT pg_advisory_xact_lock(?, ?)")) {
                lock.setInt(1, RESUMES);
                lock.setInt(2, sessionId.hashCode());
                lock.execute();
            } catch (SQLException e) {
                throw new IllegalStateException("taking the resume lock of session " + sessionId + " failed", e);
            }
            return work.get();
        });
    }
}
