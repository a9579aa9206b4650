package dev.steward.activity;

import com.github.dockerjava.api.model.AuthConfig;
import dev.steward.model.ImageReference;
import dev.steward.store.RegistryCredentialRepository;
import dev.steward.store.SealedFor;
import dev.steward.store.SecretCipher;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;

/** The registered credentials a pull of an image uses: those of the image's registry, decrypted only here. */
@Singleton
public class RegistryAuths {

    private final RegistryCredentialRepository credentials;
    private final SecretCipher cipher;

    public RegistryAuths(RegistryCredentialRepository credentials, SecretCipher cipher) {
        this.credentials = credentials;
        this.cipher = cipher;
    }

    /** The credentials for {@code image}'s registry, or {@code null} when none are registered. */
    public @Nullable AuthConfig forImage(String image) {
        String registry = ImageReference.registry(image);
        return credentials.findById(registry).map(row -> {
            AuthConfig auth = new AuthConfig().withRegistryAddress(registry).withUsername(row.username());
            String secret = cipher.decrypt(row.secretEncrypted(), SealedFor.registryCredential(registry));
            return row.token() ? auth.withIdentityToken(secret) : auth.withPassword(secret);
        }).orElse(null);
    }
}
