package dev.steward.app.auth;

import java.security.SecureRandom;
import java.util.Base64;

/**
 * Token secrets, of API tokens and of event sources: 256 random bits, kept only as their SHA-256
 * ({@link dev.steward.model.Sha256}). A
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
}
