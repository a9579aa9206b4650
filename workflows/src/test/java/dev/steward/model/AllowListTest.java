package dev.steward.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A pattern matches a whole name; {@code *} is any run of characters, everything else stands for itself. */
class AllowListTest {

    @Test
    void aStarIsAnyRunOfCharactersAndTheRestIsLiteral() {
        AllowList allowed = new AllowList(List.of("tcp://10.0.0.*:2376", "localhost", "*.example.com:5000"));

        assertTrue(allowed.allows("tcp://10.0.0.7:2376"));
        assertTrue(allowed.allows("localhost"));
        assertTrue(allowed.allows("registry.example.com:5000"));
        assertFalse(allowed.allows("tcp://10.0.0.7:2377"), "the whole name must match");
        assertFalse(allowed.allows("localhost:5000"));
        assertFalse(allowed.allows("tcp://10.0.0x7:2376"), "a dot is a dot");
        assertFalse(allowed.allows("registry.example.com"));
        assertEquals("[tcp://10.0.0.*:2376, localhost, *.example.com:5000]", allowed.toString());
    }

    @Test
    void anEmptyListAllowsNothing() {
        assertFalse(new AllowList(List.of()).allows("localhost"));
    }
}
