package dev.steward.activity;

import com.github.dockerjava.api.model.AuthConfig;
import dev.steward.store.RegistryCredentialRepository;
import dev.steward.store.SealedFor;
import dev.steward.store.SecretCipher;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;

/** The registered credentials a pull of an image uses: those of the image's registry, decrypted only here. */
@Singleton
public class RegistryAuths {

    /** Where an image reference without a registry comes from, as Docker and Podman's compatible API read it. */
    static final String DEFAULT_REGISTRY = "docker.io";

    private final RegistryCredentialRepository credentials;
    private final SecretCipher cipher;

    public RegistryAuths(RegistryCredentialRepository credentials, SecretCipher cipher) {
        this.credentials = credentials;
        this.cipher = cipher;
    }

    /** The credentials for {@code image}'s registry, or {@code null} when none are registered. */
    public @Nullable AuthConfig forImage(String image) {
        String registry = registryOf(image);
        return credentials.findById(registry).map(row -> {
            AuthConfig auth = new AuthConfig().withRegistryAddress(registry).withUsername(row.username());
            String secret = cipher.decrypt(row.secretEncrypted(), SealedFor.registryCredential(registry));
            return row.token() ? auth.withIdentityToken(secret) : auth.withPassword(secret);
        }).orElse(null);
    }

    /**
     * The registry host of an image reference: its first path component when that has a dot or a port or
     * is {@code localhost}, else {@link #DEFAULT_REGISTRY}.
     */
    static String registryOf(String image) {
        int slash = image.indexOf('/');
        if (slash < 0) {
            return DEFAULT_REGISTRY;
        }
        String first = image.substring(0, slash);
        return first.contains(".") || first.contains(":") || first.equals("localhost") ? first : DEFAULT_REGISTRY;
    }
}
