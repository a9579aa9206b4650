package dev.steward.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What is sealed opens with its key only, unchanged; keys come from settings or files, and are checked. */
class AesGcmTest {

    private static final String KEY = Base64.getEncoder().encodeToString(bytes(32, (byte) 7));
    private static final String OTHER_KEY = Base64.getEncoder().encodeToString(bytes(32, (byte) 8));
    private static final byte[] PLAIN = "the value of db's password".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    @Test
    void whatIsSealedOpensUnchangedAndShowsNothingOfItself() throws GeneralSecurityException {
        AesGcm cipher = AesGcm.fromSettings(KEY, null, "test");

        byte[] sealed = cipher.seal(PLAIN);
        byte[] again = cipher.seal(PLAIN);

        assertArrayEquals(PLAIN, cipher.open(sealed));
        assertFalse(Arrays.equals(sealed, again), "a fresh nonce each time");
        assertFalse(new String(sealed, StandardCharsets.ISO_8859_1).contains("password"));
    }

    @Test
    void anotherKeyOrAChangedByteDoesNotOpen() {
        AesGcm cipher = AesGcm.fromSettings(KEY, null, "test");
        byte[] sealed = cipher.seal(PLAIN);
        byte[] changed = sealed.clone();
        changed[changed.length - 1] ^= 1;

        assertThrows(GeneralSecurityException.class, () -> AesGcm.fromSettings(OTHER_KEY, null, "test").open(sealed));
        assertThrows(GeneralSecurityException.class, () -> cipher.open(changed));
        assertThrows(GeneralSecurityException.class, () -> cipher.open(new byte[3]));
    }

    @Test
    void aKeyFromAFileIsTheSameKeyAndItsIdTellsNothingOfIt() throws Exception {
        Path file = dir.resolve("key");
        Files.writeString(file, KEY + "\n");
        AesGcm inline = AesGcm.fromSettings(KEY, null, "test");
        AesGcm fromFile = AesGcm.fromSettings(null, file.toString(), "test");

        assertArrayEquals(PLAIN, fromFile.open(inline.seal(PLAIN)));
        assertEquals(inline.keyId(), fromFile.keyId());
        assertNotEquals(inline.keyId(), AesGcm.fromSettings(OTHER_KEY, null, "test").keyId());
        assertEquals(16, inline.keyId().length());
        assertFalse(KEY.contains(inline.keyId()));
    }

    @Test
    void aMissingOrMalformedKeyNamesItsSetting() {
        String none = assertThrows(IllegalStateException.class, () -> AesGcm.fromSettings(" ", null, "steward.x"))
                .getMessage();
        assertTrue(none.contains("steward.x.key") && none.contains("steward.x.key-file"), none);
        assertTrue(assertThrows(IllegalStateException.class, () -> AesGcm.fromSettings("not base64!", null, "steward.x"))
                .getMessage().contains("not base64"));
        String shortKey = Base64.getEncoder().encodeToString(bytes(16, (byte) 1));
        assertTrue(assertThrows(IllegalStateException.class, () -> AesGcm.fromSettings(shortKey, null, "steward.x"))
                .getMessage().contains("32 bytes, not 16"));
        assertThrows(IllegalStateException.class, () -> AesGcm.fromSettings(null, dir.resolve("none").toString(), "x"));
    }

    private static byte[] bytes(int length, byte value) {
        byte[] bytes = new byte[length];
        Arrays.fill(bytes, value);
        return bytes;
    }
}
