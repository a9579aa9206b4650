package dev.steward.config;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;

/**
 * The key that encrypts secrets at rest ({@code steward.secrets}): registry passwords and tokens.
 * One of the two is needed before a secret can be stored; {@code ./steward up} creates a key file.
 *
 * @param key the AES-256 key, 32 bytes in base64
 * @param keyFile a file holding that base64 key, for a key that stays out of the environment
 */
@ConfigurationProperties("steward.secrets")
public record SecretsConfig(@Nullable String key, @Nullable String keyFile) {}
