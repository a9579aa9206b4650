package dev.steward.store;

import dev.steward.model.Sha256;
import io.micronaut.core.annotation.Nullable;
import java.io.IOException;
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
 * AES-256-GCM under one key: a fresh 12-byte nonce per value, stored before the ciphertext, whose tag
 * makes any change of it, or another key, fail to open. What secrets at rest and Temporal payloads are
 * sealed with, each under a key of its own.
 */
public final class AesGcm {

    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final int KEY_BYTES = 32;
    /** Hex characters of a key's id. */
    private static final int KEY_ID_LENGTH = 16;

    private final SecretKeySpec key;
    private final String keyId;
    private final SecureRandom random = new SecureRandom();

    private AesGcm(byte[] key) {
        this.key = new SecretKeySpec(key, "AES");
        this.keyId = id(key);
    }

    /**
     * The key given as base64 in {@code key}, else in the file {@code keyFile}.
     *
     * @param setting the settings' name, for messages: {@code steward.secrets} names {@code steward.secrets.key}
     *     and {@code steward.secrets.key-file}
     * @throws IllegalStateException when neither is set, or the key is not 32 bytes of base64
     */
    public static AesGcm fromSettings(@Nullable String key, @Nullable String keyFile, String setting) {
        String base64;
        if (isSet(key)) {
            base64 = key;
        } else if (isSet(keyFile)) {
            try {
                base64 = Files.readString(Path.of(keyFile));
            } catch (IOException e) {
                throw new IllegalStateException("cannot read " + setting + ".key-file " + keyFile, e);
            }
        } else {
            throw new IllegalStateException("no key: set " + setting + ".key or " + setting + ".key-file");
        }
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(base64.strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("the key of " + setting + " is not base64", e);
        }
        if (bytes.length != KEY_BYTES) {
            throw new IllegalStateException("the key of " + setting + " must be " + KEY_BYTES + " bytes, not "
                    + bytes.length);
        }
        return new AesGcm(bytes);
    }

    /** Whether a key is given, inline or as a file. */
    public static boolean isSet(@Nullable String setting) {
        return setting != null && !setting.isBlank();
    }

    /** Names the key without telling anything of it: the start of its SHA-256, in hex. */
    public String keyId() {
        return keyId;
    }

    public byte[] seal(byte[] plain) {
        byte[] nonce = new byte[NONCE_BYTES];
        random.nextBytes(nonce);
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, nonce));
            byte[] sealed = cipher.doFinal(plain);
            byte[] out = Arrays.copyOf(nonce, NONCE_BYTES + sealed.length);
            System.arraycopy(sealed, 0, out, NONCE_BYTES, sealed.length);
            return out;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is part of every JDK", e);
        }
    }

    /**
     * The plain bytes of {@link #seal}'s output.
     *
     * @throws GeneralSecurityException when it was sealed under another key, or changed since
     */
    public byte[] open(byte[] sealed) throws GeneralSecurityException {
        if (sealed.length < NONCE_BYTES) {
            throw new GeneralSecurityException("too short to be sealed: " + sealed.length + " bytes");
        }
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, sealed, 0, NONCE_BYTES));
        return cipher.doFinal(sealed, NONCE_BYTES, sealed.length - NONCE_BYTES);
    }

    private static String id(byte[] key) {
        return Sha256.hex(key).substring(0, KEY_ID_LENGTH);
    }
}
