package dev.steward.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.steward.app.refusal.InvalidRequest;
import org.junit.jupiter.api.Test;

class IdempotencyKeyTest {

    @Test
    void aRepeatedRequestSendsItsUpdateUnderTheSameId() {
        assertEquals(IdempotencyKey.of("alice", "k-1").updateId("setDesiredStatus"),
                IdempotencyKey.of("alice", "k-1").updateId("setDesiredStatus"));
    }

    @Test
    void anotherCallerKeyOrUpdateSendsItUnderAnotherId() {
        String id = IdempotencyKey.of("alice", "k-1").updateId("setDesiredStatus");
        assertNotEquals(id, IdempotencyKey.of("bob", "k-1").updateId("setDesiredStatus"));
        assertNotEquals(id, IdempotencyKey.of("alice", "k-2").updateId("setDesiredStatus"));
        assertNotEquals(id, IdempotencyKey.of("alice", "k-1").updateId("setTimeslot"));
    }

    @Test
    void theIdNamesItsUpdateAndStaysShortWhateverTheKey() {
        String id = IdempotencyKey.of("alice", "k".repeat(IdempotentCreation.MAX_KEY_LENGTH)).updateId("updateSpec");
        assertEquals("updateSpec ", id.substring(0, "updateSpec ".length()));
        assertEquals("updateSpec ".length() + 64, id.length());
    }

    @Test
    void aRequestWithoutAKeyHasNone() {
        assertNull(IdempotencyKey.of("alice", null));
        assertNull(IdempotencyKey.updateIdOf(null, "setDesiredStatus"));
    }

    @Test
    void aKeyThatIsEmptyTooLongOrNotStorableIsRefused() {
        assertThrows(InvalidRequest.class, () -> IdempotencyKey.of("alice", " "));
        assertThrows(InvalidRequest.class, () -> IdempotencyKey.of("alice", "k".repeat(IdempotentCreation.MAX_KEY_LENGTH + 1)));
        assertThrows(InvalidRequest.class, () -> IdempotencyKey.of("alice", "k\u0000"));
    }
}
