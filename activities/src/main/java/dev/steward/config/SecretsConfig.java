package dev.steward.config;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;

/**
 * The keys that encrypt secrets at rest ({@code steward.secrets}): secrets, registry passwords and tokens,
 * sinks' access tokens. One of the two is required: the service does not start without a key;
 * {@code ./steward up} creates a key file. The first key is current; the others decrypt what they wrote
 * until it is re-encrypted under the current one (at startup), which is how a key is rotated.
 *
 * @param key AES-256 keys, 32 bytes each in base64, comma-separated, the current one first
 * @param keyFile a file holding those keys, one a line, the current one first, for keys that stay out of
 *     the environment
 */
@ConfigurationProperties("steward.secrets")
public record SecretsConfig(@Nullable String key, @Nullable String keyFile) {}
