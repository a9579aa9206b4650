package dev.steward.app.http.problem;

import io.micronaut.data.connection.exceptions.ConnectionException;
import io.micronaut.data.connection.exceptions.NoConnectionException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientException;
import java.util.Set;

/**
 * Tells a failure that passes with time (PostgreSQL down, restarting, out of connections, a
 * transaction it rolled back) from one that would fail again, wherever in the cause chain the
 * driver's exception sits.
 */
final class DatabaseOutage {

    /**
     * SQLSTATE classes that pass with time: connection exception, transaction rollback (serialization
     * failure, deadlock), insufficient resources, operator intervention (shutdown, cannot connect now).
     */
    private static final Set<String> TRANSIENT_CLASSES = Set.of("08", "40", "53", "57");
    private static final String LOCK_NOT_AVAILABLE = "55P03";

    private DatabaseOutage() {}

    static boolean caused(Throwable failure) {
        return Causes.any(failure, cause -> cause instanceof SQLTransientException
                || cause instanceof SQLRecoverableException || cause instanceof SQLNonTransientConnectionException
                || cause instanceof SQLException sql && isTransient(sql.getSQLState())
                || isConnectionLost(cause));
    }

    /**
     * A pooled connection that broke under a request: the pool then says only that it is closed,
     * without a state, and Micronaut Data that it could not prepare it. Having no connection in
     * scope at all is a mistake in the code, not an outage.
     */
    private static boolean isConnectionLost(Throwable cause) {
        return cause instanceof ConnectionException && !(cause instanceof NoConnectionException);
    }

    private static boolean isTransient(String state) {
        return state != null && state.length() == 5
                && (TRANSIENT_CLASSES.contains(state.substring(0, 2)) || state.equals(LOCK_NOT_AVAILABLE));
    }
}
