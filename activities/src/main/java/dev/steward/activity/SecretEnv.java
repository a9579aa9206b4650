package dev.steward.activity;

import dev.steward.contract.ContainerActivities;
import dev.steward.contract.ContainerRequest;
import dev.steward.model.SecretKeyRef;
import dev.steward.store.SecretData;
import dev.steward.store.SecretRepository;
import dev.steward.store.SecretRow;
import io.temporal.failure.ApplicationFailure;
import jakarta.inject.Singleton;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * A container's environment with the values its request takes from secrets, read and decrypted
 * here only, as the container is created: they reach the engine and nothing else (no workflow, no
 * log line). A secret or key that is gone fails the creation for good, naming neither value.
 */
@Singleton
public class SecretEnv {

    private final SecretRepository secrets;
    private final SecretData data;

    public SecretEnv(SecretRepository secrets, SecretData data) {
        this.secrets = secrets;
        this.data = data;
    }

    /** The request's given env and the values of its secret references, by variable name. */
    public Map<String, String> of(ContainerRequest request) {
        Map<String, String> env = new TreeMap<>(request.env() == null ? Map.of() : request.env());
        if (request.secretEnv() == null || request.secretEnv().isEmpty()) {
            return env;
        }
        Map<String, Map<String, String>> opened = new HashMap<>();
        request.secretEnv().forEach((name, ref) -> {
            Map<String, String> keyValues = opened.computeIfAbsent(ref.secret(), this::open);
            if (keyValues == null || !keyValues.containsKey(ref.key())) {
                throw missing(request, name, ref, keyValues == null);
            }
            env.put(name, keyValues.get(ref.key()));
        });
        return env;
    }

    private Map<String, String> open(String secret) {
        return secrets.findById(secret).map(SecretRow::dataEncrypted).map(data::open).orElse(null);
    }

    private static ApplicationFailure missing(ContainerRequest request, String name, SecretKeyRef ref,
            boolean noSecret) {
        String what = noSecret ? "secret " + ref.secret() + " does not exist"
                : "secret " + ref.secret() + " has no key " + ref.key();
        return ApplicationFailure.newNonRetryableFailure("container " + request.name() + " takes env " + name
                + " from a secret, but " + what, ContainerActivities.INVALID_SPEC);
    }
}
