package dev.steward.app.secret;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.model.AuthConfig;
import dev.steward.activity.RegistryAuths;
import dev.steward.app.support.OwnDatabase;
import dev.steward.store.RegistryCredentialRepository;
import dev.steward.store.SecretCipher;
import dev.steward.store.SecretData;
import dev.steward.store.SecretRepository;
import dev.steward.store.SecretRow;
import dev.steward.store.SubscriptionRepository;
import dev.steward.store.SubscriptionRow;
import dev.steward.store.UnreadableCiphertext;
import io.micronaut.context.ApplicationContext;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;

/**
 * The secrets key and its rotation, on a database of the test's own. Ciphertexts stored before key ids (a
 * secret, registry credentials) and a sink token stored in plain text are still read after the migration,
 * and the service re-encrypts them under its key at startup; a new key put first (the old one after it) has
 * every ciphertext re-encrypted under it at the next start, after which the old key can go, while a service
 * with only the old key names the key it lacks. A ciphertext copied to another owner's row does not open
 * there. A service without a key does not start, and says what to set.
 */
class SecretKeysIT {

    private static final String FIRST = key();
    private static final String SECOND = key();
    private static final UUID SUBSCRIPTION = UUID.randomUUID();

    @Test
    void storedCiphertextsSurviveTheMigrationAndAKeyRotation() throws Exception {
        try (OwnDatabase database = OwnDatabase.create("secret_keys")) {
            Flyway.configure().dataSource(database.url(), user(), password()).target("68").load().migrate();
            try (Connection sql = connect(database)) {
                insert(sql, "INSERT INTO secrets (owner, name, version, data_encrypted, created_at, updated_at)"
                        + " VALUES ('alice', 'db', 1, ?, now(), now())", unkeyed(FIRST, "{\"password\":\"pa55\"}"));
                insert(sql, "INSERT INTO registry_credentials (registry, username, secret_encrypted, token, created_at,"
                        + " updated_at) VALUES ('registry.example.com', 'ci', ?, false, now(), now())",
                        unkeyed(FIRST, "hunter2"));
                try (PreparedStatement subscription = sql.prepareStatement("INSERT INTO subscriptions (id, sink,"
                        + " content_mode, filters, access_token, status, position, next_attempt_at, last_success_at,"
                        + " created_at, updated_at) VALUES (?, 'http://127.0.0.1:9/', 'BINARY', '[]', 'tok-plain',"
                        + " 'VALIDATING', 0, now(), now(), now(), now())")) {
                    subscription.setObject(1, SUBSCRIPTION);
                    subscription.execute();
                }
            }

            String firstId;
            try (ApplicationContext service = service(database, FIRST)) {
                firstId = service.getBean(SecretCipher.class).currentKeyId();
                assertEverythingReadableAndUnder(service, firstId);
                SubscriptionRow subscription = service.getBean(SubscriptionRepository.class).findById(SUBSCRIPTION).orElseThrow();
                assertNull(subscription.accessTokenUnencrypted(), "the plain token is gone from PostgreSQL");
                assertFalse(new String(subscription.accessTokenEncrypted(), StandardCharsets.ISO_8859_1).contains("tok-plain"));
            }

            String secondId;
            try (ApplicationContext service = service(database, SECOND + "," + FIRST)) {
                secondId = service.getBean(SecretCipher.class).currentKeyId();
                assertFalse(secondId.equals(firstId));
                assertEverythingReadableAndUnder(service, secondId);
                assertEquals(new SecretReencryption.Pass(0, 0), service.getBean(SecretReencryption.class).reencryptAll(),
                        "nothing is left under the old key");
            }

            try (ApplicationContext service = service(database, SECOND)) {
                assertEverythingReadableAndUnder(service, secondId);
                SecretRepository secrets = service.getBean(SecretRepository.class);
                SecretRow alices = secrets.findByOwnerAndName("alice", "db").orElseThrow();
                secrets.create("bob", "db", alices.dataEncrypted(), Instant.now());
                SecretRow copied = secrets.findByOwnerAndName("bob", "db").orElseThrow();
                UnreadableCiphertext refused = assertThrows(UnreadableCiphertext.class,
                        () -> service.getBean(SecretData.class).open(copied));
                assertTrue(refused.getMessage().contains("another row or owner"), refused.getMessage());
                secrets.delete("bob", "db");
            }

            try (ApplicationContext service = service(database, FIRST)) {
                SecretRow row = service.getBean(SecretRepository.class).findByOwnerAndName("alice", "db").orElseThrow();
                UnreadableCiphertext refused = assertThrows(UnreadableCiphertext.class,
                        () -> service.getBean(SecretData.class).open(row));
                assertTrue(refused.getMessage().contains("under key " + secondId + ", which is not configured"),
                        refused.getMessage());
            }
        }
    }

    @Test
    void aServiceWithoutAKeyDoesNotStartAndSaysWhatToSet() {
        try (OwnDatabase database = OwnDatabase.create("secret_keys_none")) {
            RuntimeException refused = assertThrows(RuntimeException.class, () -> service(database, "").close());
            String message = messages(refused);
            assertTrue(message.contains("STEWARD_SECRETS_KEY ") && message.contains("STEWARD_SECRETS_KEY_FILE"), message);
        }
    }

    private static void assertEverythingReadableAndUnder(ApplicationContext service, String keyId) {
        SecretRow secret = service.getBean(SecretRepository.class).findByOwnerAndName("alice", "db").orElseThrow();
        assertEquals(Map.of("password", "pa55"), service.getBean(SecretData.class).open(secret));
        AuthConfig auth = service.getBean(RegistryAuths.class).forImage("registry.example.com/team/app:1");
        assertEquals("hunter2", auth.getPassword());
        SubscriptionRow subscription = service.getBean(SubscriptionRepository.class).findById(SUBSCRIPTION).orElseThrow();
        byte[] credential = service.getBean(RegistryCredentialRepository.class).findById("registry.example.com")
                .orElseThrow().secretEncrypted();
        for (byte[] sealed : List.of(secret.dataEncrypted(), credential, subscription.accessTokenEncrypted())) {
            assertEquals(keyId, HexFormat.of().formatHex(sealed, 1, 5), "under key " + keyId);
        }
        assertEquals(new SecretReencryption.Pass(0, 0), service.getBean(SecretReencryption.class).reencryptAll());
        assertArrayEquals(secret.dataEncrypted(),
                service.getBean(SecretRepository.class).findByOwnerAndName("alice", "db").orElseThrow().dataEncrypted(),
                "what is under the current key is left as it is");
    }

    /** A service that starts, re-encrypts, and does nothing else: no worker, host, delivery or dispatch. */
    private static ApplicationContext service(OwnDatabase database, String keys) {
        return ApplicationContext.builder().environments("test").properties(Map.of(
                "datasources.default.url", database.url(),
                "steward.secrets.key", keys,
                "steward.worker.enabled", "false",
                "steward.hosts.register-local", "false",
                "steward.delivery.enabled", "false",
                "steward.retention.enabled", "false",
                "steward.events.dispatch-enabled", "false")).start();
    }

    /** A ciphertext as it was written before key ids: a nonce, then the sealed bytes, no associated data. */
    private static byte[] unkeyed(String key, String plain) throws Exception {
        byte[] nonce = new byte[12];
        new SecureRandom().nextBytes(nonce);
        Cipher gcm = Cipher.getInstance("AES/GCM/NoPadding");
        gcm.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(Base64.getDecoder().decode(key), "AES"),
                new GCMParameterSpec(128, nonce));
        byte[] sealed = gcm.doFinal(plain.getBytes(StandardCharsets.UTF_8));
        byte[] out = new byte[nonce.length + sealed.length];
        System.arraycopy(nonce, 0, out, 0, nonce.length);
        System.arraycopy(sealed, 0, out, nonce.length, sealed.length);
        return out;
    }

    private static void insert(Connection sql, String statement, byte[] sealed) throws SQLException {
        try (PreparedStatement insert = sql.prepareStatement(statement)) {
            insert.setBytes(1, sealed);
            insert.execute();
        }
    }

    private static String messages(Throwable failure) {
        StringBuilder text = new StringBuilder();
        for (Throwable t = failure; t != null; t = t.getCause()) {
            text.append(t.getMessage()).append('\n');
        }
        return text.toString();
    }

    private static Connection connect(OwnDatabase database) throws SQLException {
        return DriverManager.getConnection(database.url(), user(), password());
    }

    private static String user() {
        return System.getenv().getOrDefault("DATASOURCES_DEFAULT_USERNAME", "postgres");
    }

    private static String password() {
        return System.getenv().getOrDefault("DATASOURCES_DEFAULT_PASSWORD", "");
    }

    private static String key() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        return Base64.getEncoder().encodeToString(key);
    }
}
