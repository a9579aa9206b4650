package dev.steward.store;

import dev.steward.config.SecretsConfig;
import io.micronaut.context.annotation.Context;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Collectors;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Encrypts secrets for PostgreSQL with AES-256-GCM under the current key of {@link SecretsConfig}. A
 * ciphertext is {@code 0x01}, the 4-byte id of its key, a fresh 12-byte nonce, then the sealed bytes; the
 * associated data is that header and what the ciphertext belongs to ({@link SealedFor}), so it opens only
 * in its own row. Ciphertexts from before key ids ({@code 0x00}, then nonce and sealed bytes, no
 * associated data) still open under any configured key until {@link SecretReencryption} rewrites them.
 * Built at startup: a service without a usable key does not start.
 */
@Context
public class SecretCipher {

    static final byte UNKEYED = 0;
    static final byte KEYED = 1;
    private static final Logger LOG = LoggerFactory.getLogger(SecretCipher.class);
    private static final String AES_GCM = "AES/GCM/NoPadding";
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final int HEADER_BYTES = 1 + SecretKeys.ID_BYTES;

    private final List<SecretKeys.Key> keys;
    private final SecureRandom random = new SecureRandom();

    public SecretCipher(SecretsConfig config) {
        this.keys = SecretKeys.read(config);
        LOG.info("secrets are encrypted under key {}{}", currentKeyId(), keys.size() == 1 ? ""
                : "; older keys decrypt what they wrote: " + keys.stream().skip(1).map(SecretKeys.Key::hexId)
                        .collect(Collectors.joining(", ")));
    }

    /** The id of the key every new ciphertext is under. */
    public String currentKeyId() {
        return keys.getFirst().hexId();
    }

    public byte[] encrypt(String plain, SealedFor sealedFor) {
        SecretKeys.Key key = keys.getFirst();
        byte[] out = new byte[HEADER_BYTES + NONCE_BYTES];
        out[0] = KEYED;
        System.arraycopy(key.id(), 0, out, 1, SecretKeys.ID_BYTES);
        byte[] nonce = new byte[NONCE_BYTES];
        random.nextBytes(nonce);
        System.arraycopy(nonce, 0, out, HEADER_BYTES, NONCE_BYTES);
        try {
            Cipher cipher = Cipher.getInstance(AES_GCM);
            cipher.init(Cipher.ENCRYPT_MODE, key.spec(), new GCMParameterSpec(TAG_BITS, nonce));
            cipher.updateAAD(sealedFor.associatedData(Arrays.copyOf(out, HEADER_BYTES)));
            byte[] sealed = cipher.doFinal(plain.getBytes(StandardCharsets.UTF_8));
            byte[] whole = Arrays.copyOf(out, out.length + sealed.length);
            System.arraycopy(sealed, 0, whole, out.length, sealed.length);
            return whole;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("encrypting " + sealedFor + " failed", e);
        }
    }

    /**
     * The plain text of {@link #encrypt}'s output for the same {@code sealedFor}; fails when its key is not
     * configured, or when it was altered or belongs to another row or owner.
     */
    public String decrypt(byte[] sealed, SealedFor sealedFor) throws UnreadableCiphertext {
        if (sealed.length > 0 && sealed[0] == UNKEYED) {
            return decryptUnkeyed(sealed, sealedFor);
        }
        if (sealed.length < HEADER_BYTES + NONCE_BYTES || sealed[0] != KEYED) {
            throw new UnreadableCiphertext("the ciphertext of " + sealedFor + " is in no format Steward writes");
        }
        SecretKeys.Key key = keys.stream().filter(k -> k.hasId(sealed, 1)).findFirst().orElseThrow(() ->
                new UnreadableCiphertext("the ciphertext of " + sealedFor + " is under key " + keyIdOf(sealed)
                        + ", which is not configured (steward.secrets.key or key-file): configure it after the current"
                        + " key"));
        try {
            return open(key, sealed, HEADER_BYTES, sealedFor.associatedData(Arrays.copyOf(sealed, HEADER_BYTES)));
        } catch (GeneralSecurityException e) {
            throw new UnreadableCiphertext("the ciphertext of " + sealedFor + " does not open under key " + key.hexId()
                    + ": it was altered, or written for another row or owner", e);
        }
    }

    /** Whether {@code sealed} is under the current key in the current format; what is not is re-encrypted. */
    public boolean isCurrent(byte[] sealed) {
        return sealed.length > HEADER_BYTES && sealed[0] == KEYED && keys.getFirst().hasId(sealed, 1);
    }

    /** Written before key ids: no associated data, under one of the configured keys (which, it does not say). */
    private String decryptUnkeyed(byte[] sealed, SealedFor sealedFor) {
        for (SecretKeys.Key key : keys) {
            try {
                return open(key, sealed, 1, new byte[0]);
            } catch (GeneralSecurityException underAnotherKey) {
                // the next key, then
            }
        }
        throw new UnreadableCiphertext("the ciphertext of " + sealedFor + " was written before key ids and opens under"
                + " none of the configured keys: configure the key it was written under after the current key");
    }

    /** The plain text of the sealed bytes that follow the nonce at {@code nonceAt}. */
    private static String open(SecretKeys.Key key, byte[] sealed, int nonceAt, byte[] associatedData)
            throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance(AES_GCM);
        cipher.init(Cipher.DECRYPT_MODE, key.spec(), new GCMParameterSpec(TAG_BITS, sealed, nonceAt, NONCE_BYTES));
        cipher.updateAAD(associatedData);
        int start = nonceAt + NONCE_BYTES;
        return new String(cipher.doFinal(sealed, start, sealed.length - start), StandardCharsets.UTF_8);
    }

    private static String keyIdOf(byte[] sealed) {
        return HexFormat.of().formatHex(sealed, 1, HEADER_BYTES);
    }
}
