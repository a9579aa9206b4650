package dev.steward.app.registry;

import dev.steward.app.refusal.InvalidRequest;
import dev.steward.app.refusal.NotFound;
import dev.steward.model.FieldError;
import dev.steward.store.RegistryCredentialRepository;
import dev.steward.store.RegistryCredentialRow;
import dev.steward.store.SealedFor;
import dev.steward.store.SecretCipher;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** Registry credentials: registered with their secret encrypted, listed and deleted without it. */
@Singleton
public class RegistryCredentialService {

    /** A host name or address, with a port if any, as the first component of an image reference. */
    private static final Pattern REGISTRY = Pattern.compile("[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?(:[0-9]{1,5})?");
    private static final int MAX_LENGTH = 4096;

    private final RegistryCredentialRepository credentials;
    private final SecretCipher cipher;

    public RegistryCredentialService(RegistryCredentialRepository credentials, SecretCipher cipher) {
        this.credentials = credentials;
        this.cipher = cipher;
    }

    /** Registers the credentials, replacing the registry's earlier ones. */
    public RegistryCredentialRow register(RegistryCredentialRequest request) {
        InvalidRequest.rejectIfAny(validate(request));
        boolean token = request.token() != null;
        byte[] sealed = cipher.encrypt(token ? request.token() : request.password(),
                SealedFor.registryCredential(request.registry()));
        credentials.upsert(request.registry(), request.username(), sealed, token, Instant.now());
        return get(request.registry());
    }

    public List<RegistryCredentialRow> list() {
        return credentials.listOrderByRegistry();
    }

    public RegistryCredentialRow get(String registry) {
        return credentials.findById(registry).orElseThrow(() -> notFound(registry));
    }

    public void delete(String registry) {
        if (!credentials.existsById(registry)) {
            throw notFound(registry);
        }
        credentials.deleteById(registry);
    }

    private static List<FieldError> validate(RegistryCredentialRequest request) {
        List<FieldError> errors = new ArrayList<>();
        if (request == null) {
            return List.of(new FieldError("", "a body with registry, username and password or token is required"));
        }
        if (request.registry() == null || !REGISTRY.matcher(request.registry()).matches()) {
            errors.add(new FieldError("registry", "must be a registry host with an optional port, as image references"
                    + " name it (for example registry.example.com or 127.0.0.1:5000)"));
        }
        if (request.username() == null || request.username().isBlank() || request.username().length() > MAX_LENGTH) {
            errors.add(new FieldError("username", "must not be blank"));
        }
        if ((request.password() == null) == (request.token() == null)) {
            errors.add(new FieldError("password", "exactly one of password and token is required"));
        } else {
            String secret = request.password() != null ? request.password() : request.token();
            String field = request.password() != null ? "password" : "token";
            if (secret.isEmpty() || secret.length() > MAX_LENGTH) {
                errors.add(new FieldError(field, "must not be empty nor longer than " + MAX_LENGTH + " characters"));
            }
        }
        return errors;
    }

    private static NotFound notFound(String registry) {
        return new NotFound("registry credentials for " + registry);
    }
}
