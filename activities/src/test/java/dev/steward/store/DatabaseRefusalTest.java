package dev.steward.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.contract.DatabaseRefusals;
import io.micronaut.data.exceptions.DataAccessException;
import io.temporal.failure.ApplicationFailure;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

class DatabaseRefusalTest {

    @Test
    void aMissingRowTheWriteReferencesIsNotInTheDatabaseAndNotRetried() {
        ApplicationFailure refused = DatabaseRefusal.of(wrapped("23503"));
        assertEquals(DatabaseRefusals.NOT_IN_DATABASE, refused.getType());
        assertTrue(refused.isNonRetryable());
    }

    @Test
    void constraintsAndBadDataAreRefusedAndNotRetried() {
        for (String state : new String[] {"23505", "23514", "22001", "22P02"}) {
            ApplicationFailure refused = DatabaseRefusal.of(wrapped(state));
            assertEquals(DatabaseRefusals.REFUSED, refused.getType(), state);
            assertTrue(refused.isNonRetryable(), state);
        }
    }

    @Test
    void whatPassesWithTimeIsNoRefusal() {
        for (String state : new String[] {"08006", "40001", "40P01", "53300", "57P01"}) {
            assertNull(DatabaseRefusal.of(wrapped(state)), state);
        }
        assertNull(DatabaseRefusal.of(new IllegalStateException("no SQL state at all")));
    }

    private static RuntimeException wrapped(String state) {
        return new DataAccessException("the write failed", new SQLException("refused", state));
    }
}
