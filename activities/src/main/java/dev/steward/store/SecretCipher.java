package dev.steward.store;

import dev.steward.config.SecretsConfig;
import jakarta.inject.Singleton;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;

/**
 * Encrypts secrets for PostgreSQL with AES-256-GCM ({@link AesGcm}) under the key of {@link SecretsConfig}.
 * The key is read when first needed, so a service without one runs and refuses only to store secrets.
 */
@Singleton
public class SecretCipher {

    private final SecretsConfig config;
    private volatile AesGcm cipher;

    public SecretCipher(SecretsConfig config) {
        this.config = config;
    }

    /** Whether a key is configured. */
    public boolean hasKey() {
        return AesGcm.isSet(config.key()) || AesGcm.isSet(config.keyFile());
    }

    public byte[] encrypt(String plain) {
        return cipher().seal(plain.getBytes(StandardCharsets.UTF_8));
    }

    /** The plain text of {@link #encrypt}'s output; fails when it was encrypted under another key. */
    public String decrypt(byte[] sealed) {
        try {
            return new String(cipher().open(sealed), StandardCharsets.UTF_8);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("decrypting a secret failed: it was encrypted under another key", e);
        }
    }

    private AesGcm cipher() {
        AesGcm c = cipher;
        if (c == null) {
            c = AesGcm.fromSettings(config.key(), config.keyFile(), "steward.secrets");
            cipher = c;
        }
        return c;
    }
}
