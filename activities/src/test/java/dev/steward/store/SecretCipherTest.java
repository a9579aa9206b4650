package dev.steward.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.config.SecretsConfig;
import io.micronaut.context.exceptions.ConfigurationException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ciphertexts name their key and are bound to their row and owner: one copied to another owner's or another
 * row's place does not open; with a new key first and the old one after it, what the old key wrote still
 * opens and is not current; without the old key it names the key it needs. No key, or a malformed one, is a
 * startup error naming what to set (ciphertexts from before key ids: {@code SecretKeysIT}).
 */
class SecretCipherTest {

    private static final String OLD = key();
    private static final String NEW = key();
    private static final SealedFor ALICE_DB = SealedFor.secret("alice", "db");

    @Test
    void aCiphertextOpensOnlyInItsOwnRowAndOwner() {
        SecretCipher cipher = cipher(OLD);
        byte[] sealed = cipher.encrypt("s3cr3t", ALICE_DB);
        assertEquals("s3cr3t", cipher.decrypt(sealed, ALICE_DB));
        assertFalse(new String(sealed, StandardCharsets.ISO_8859_1).contains("s3cr3t"));
        assertEquals(cipher.currentKeyId(), HexFormat.of().formatHex(sealed, 1, 5), "the ciphertext names its key");

        for (SealedFor elsewhere : new SealedFor[] {SealedFor.secret("bob", "db"), SealedFor.secret("alice", "cache"),
                SealedFor.registryCredential("db"), SealedFor.subscriptionToken(UUID.randomUUID())}) {
            UnreadableCiphertext refused = assertThrows(UnreadableCiphertext.class, () -> cipher.decrypt(sealed, elsewhere));
            assertTrue(refused.getMessage().contains("another row or owner"), refused.getMessage());
            assertFalse(refused.getMessage().contains("s3cr3t"));
        }
        byte[] altered = sealed.clone();
        altered[altered.length - 1] ^= 1;
        assertThrows(UnreadableCiphertext.class, () -> cipher.decrypt(altered, ALICE_DB));
    }

    @Test
    void aNewKeyFirstKeepsWhatTheOldOneWroteReadableUntilItIsReencrypted() {
        byte[] underOld = cipher(OLD).encrypt("s3cr3t", ALICE_DB);
        SecretCipher rotated = cipher(NEW + "," + OLD);
        assertEquals("s3cr3t", rotated.decrypt(underOld, ALICE_DB));
        assertFalse(rotated.isCurrent(underOld), "under an older key: to be re-encrypted");
        byte[] underNew = rotated.encrypt(rotated.decrypt(underOld, ALICE_DB), ALICE_DB);
        assertTrue(rotated.isCurrent(underNew));

        SecretCipher newOnly = cipher(NEW);
        assertEquals("s3cr3t", newOnly.decrypt(underNew, ALICE_DB));
        UnreadableCiphertext missing = assertThrows(UnreadableCiphertext.class, () -> newOnly.decrypt(underOld, ALICE_DB));
        assertTrue(missing.getMessage().contains("under key " + cipher(OLD).currentKeyId() + ", which is not configured"),
                missing.getMessage());
    }

    @Test
    void keysComeFromAFileOneALineTheCurrentFirst(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("secrets.key");
        Files.writeString(file, "# rotated\n" + NEW + "\n" + OLD + "\n");
        SecretCipher fromFile = new SecretCipher(new SecretsConfig(null, file.toString()));
        assertEquals(cipher(NEW).currentKeyId(), fromFile.currentKeyId());
        assertEquals("x", fromFile.decrypt(cipher(OLD).encrypt("x", ALICE_DB), ALICE_DB));
    }

    @Test
    void noKeyOrABadOneIsAStartupErrorThatSaysWhatToSet(@TempDir Path dir) {
        for (SecretsConfig bad : new SecretsConfig[] {new SecretsConfig(null, null), new SecretsConfig(" ", ""),
                new SecretsConfig("not base64!", null), new SecretsConfig(Base64.getEncoder().encodeToString(new byte[16]), null),
                new SecretsConfig(null, dir.resolve("missing").toString())}) {
            ConfigurationException refused = assertThrows(ConfigurationException.class, () -> new SecretCipher(bad));
            assertTrue(refused.getMessage().contains("STEWARD_SECRETS_KEY ") && refused.getMessage()
                    .contains("STEWARD_SECRETS_KEY_FILE"), refused.getMessage());
            assertFalse(refused.getMessage().contains("not base64!"), "a key is never repeated: " + refused.getMessage());
        }
    }

    private static SecretCipher cipher(String keys) {
        return new SecretCipher(new SecretsConfig(keys, null));
    }

    private static String key() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        return Base64.getEncoder().encodeToString(key);
    }
}
