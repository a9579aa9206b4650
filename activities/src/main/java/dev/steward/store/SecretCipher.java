package dev.steward.store;

import dev.steward.config.SecretsConfig;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Encrypts secrets for PostgreSQL with AES-256-GCM under the key of {@link SecretsConfig}: a fresh
 * 12-byte nonce per value, stored before the ciphertext. The key is read when first needed, so a
 * service without one runs and refuses only to store secrets.
 */
@Singleton
public class SecretCipher {

    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final int KEY_BYTES = 32;

    private final SecretsConfig config;
    private final SecureRandom random = new SecureRandom();
    private volatile SecretKeySpec key;

    public SecretCipher(SecretsConfig config) {
        this.config = config;
    }

    /** Whether a key is configured. */
    public boolean hasKey() {
        return notBlank(config.key()) || notBlank(config.keyFile());
    }

    public byte[] encrypt(String plain) {
        byte[] nonce = new byte[NONCE_BYTES];
        random.nextBytes(nonce);
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, key(), new GCMParameterSpec(TAG_BITS, nonce));
            byte[] sealed = cipher.doFinal(plain.getBytes(StandardCharsets.UTF_8));
            byte[] out = Arrays.copyOf(nonce, NONCE_BYTES + sealed.length);
            System.arraycopy(sealed, 0, out, NONCE_BYTES, sealed.length);
            return out;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("encrypting a secret failed", e);
        }
    }

    /** The plain text of {@link #encrypt}'s output; fails when it was encrypted under another key. */
    public String decrypt(byte[] sealed) {
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, key(), new GCMParameterSpec(TAG_BITS, sealed, 0, NONCE_BYTES));
            return new String(cipher.doFinal(sealed, NONCE_BYTES, sealed.length - NONCE_BYTES), StandardCharsets.UTF_8);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("decrypting a secret failed: it was encrypted under another key", e);
        }
    }

    private SecretKeySpec key() {
        SecretKeySpec k = key;
        if (k == null) {
            k = new SecretKeySpec(readKey(), "AES");
            key = k;
        }
        return k;
    }

    private byte[] readKey() {
        String base64;
        if (notBlank(config.key())) {
            base64 = config.key();
        } else if (notBlank(config.keyFile())) {
            try {
                base64 = Files.readString(Path.of(config.keyFile()));
            } catch (IOException e) {
                throw new IllegalStateException("cannot read steward.secrets.key-file " + config.keyFile(), e);
            }
        } else {
            throw new IllegalStateException("no key to encrypt secrets with: set steward.secrets.key or"
                    + " steward.secrets.key-file");
        }
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(base64.strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("the secrets key is not base64", e);
        }
        if (bytes.length != KEY_BYTES) {
            throw new IllegalStateException("the secrets key must be " + KEY_BYTES + " bytes, not " + bytes.length);
        }
        return bytes;
    }

    private static boolean notBlank(String s) {
        return s != null && !s.isBlank();
    }
}
