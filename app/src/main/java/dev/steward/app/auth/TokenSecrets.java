package dev.steward.app.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * Token secrets, of API tokens and of event sources: 256 random bits, kept only as their SHA-256. A
 * secret that random needs no slow hash: no dictionary reaches it.
 */
public final class TokenSecrets {

    /** An API token's secret starts so, which makes a leaked one easy to recognise (and to scan for). */
    static final String PREFIX = "stw_";
    /** An event source's token starts so. */
    public static final String EVENT_SOURCE_PREFIX = "ste_";
    private static final SecureRandom RANDOM = new SecureRandom();

    private TokenSecrets() {}

    static String newSecret() {
        return newSecret(PREFIX);
    }

    /** A new secret that starts with {@code prefix}. */
    public static String newSecret(String prefix) {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return prefix + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** The SHA-256 of the secret, in lower-case hex: what is stored and configured. */
    public static String sha256(String secret) {
        try {
            return HexFormat.of().formatHex(
                    MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
