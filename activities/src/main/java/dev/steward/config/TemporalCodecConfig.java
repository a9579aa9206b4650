package dev.steward.config;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;
import java.util.List;

/**
 * The key Steward's Temporal payloads are encrypted with ({@code steward.temporal.codec}), and who may
 * call its codec endpoint from a browser. Without a key, payloads go to Temporal as they are.
 *
 * @param key the AES-256 key, 32 bytes in base64; never logged or shown
 * @param keyFile a file holding that base64 key, for a key that stays out of the environment
 * @param allowedOrigins the browser origins (the Temporal UI's) that may call the codec endpoint; unset,
 *     the origin of {@code steward.temporal.ui-url}
 */
@ConfigurationProperties("steward.temporal.codec")
public record TemporalCodecConfig(@Nullable String key, @Nullable String keyFile, @Nullable List<String> allowedOrigins) {

    /** Without the key: a record's own text would show it. */
    @Override
    public String toString() {
        return "TemporalCodecConfig[key=" + (key == null || key.isBlank() ? "(none)" : "(set)") + ", keyFile=" + keyFile
                + ", allowedOrigins=" + allowedOrigins + "]";
    }
}
