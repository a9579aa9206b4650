package dev.steward.store;

import dev.steward.contract.DatabaseRefusals;
import io.micronaut.core.annotation.Nullable;
import io.temporal.failure.ApplicationFailure;
import java.sql.SQLException;

/**
 * Tells a write PostgreSQL refused for what it holds (SQLSTATE class 22, a data exception, or 23, an
 * integrity constraint) from one that fails for a while: the first fails the same way at every retry.
 */
public final class DatabaseRefusal {

    private static final String DATA_EXCEPTION = "22";
    private static final String INTEGRITY_CONSTRAINT = "23";
    private static final String FOREIGN_KEY_VIOLATION = "23503";

    private DatabaseRefusal() {}

    /** The failure as a non-retryable one when the database refused the write, else {@code null}. */
    public static @Nullable ApplicationFailure of(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException sql && sql.getSQLState() != null) {
                String state = sql.getSQLState();
                if (FOREIGN_KEY_VIOLATION.equals(state)) {
                    return ApplicationFailure.newNonRetryableFailureWithCause("what the write is for has no row in"
                            + " this deployment's database (its workflow is another deployment's, or its rows were"
                            + " deleted): " + sql.getMessage(), DatabaseRefusals.NOT_IN_DATABASE, failure);
                }
                if (state.startsWith(DATA_EXCEPTION) || state.startsWith(INTEGRITY_CONSTRAINT)) {
                    return ApplicationFailure.newNonRetryableFailureWithCause("the database refused the write: "
                            + sql.getMessage(), DatabaseRefusals.REFUSED, failure);
                }
            }
        }
        return null;
    }
}
