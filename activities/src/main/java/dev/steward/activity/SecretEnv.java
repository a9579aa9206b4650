package dev.steward.activity;

import dev.steward.contract.ContainerActivities;
import dev.steward.contract.ContainerRequest;
import dev.steward.contract.StewardLabels;
import dev.steward.model.SecretKeyRef;
import dev.steward.store.SecretData;
import dev.steward.store.SecretRepository;
import dev.steward.store.SessionRepository;
import dev.steward.store.SessionRow;
import dev.steward.store.UnreadableCiphertext;
import io.temporal.failure.ApplicationFailure;
import jakarta.inject.Singleton;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

/**
 * A container's environment with the values its request takes from secrets, read and decrypted
 * here only, as the container is created: they reach the engine and nothing else (no workflow, no
 * log line). The secrets are those of the owner of the container's session (its label names the
 * session, whose owner never changes), so the workflows need not carry the owner. A secret or key
 * that is gone, or a secret that does not decrypt, fails the creation for good, naming no value.
 */
@Singleton
public class SecretEnv {

    private final SecretRepository secrets;
    private final SecretData data;
    private final SessionRepository sessions;

    public SecretEnv(SecretRepository secrets, SecretData data, SessionRepository sessions) {
        this.secrets = secrets;
        this.data = data;
        this.sessions = sessions;
    }

    /** The request's given env and the values of its secret references, by variable name. */
    public Map<String, String> of(ContainerRequest request) {
        Map<String, String> env = new TreeMap<>(request.env() == null ? Map.of() : request.env());
        if (request.secretEnv() == null || request.secretEnv().isEmpty()) {
            return env;
        }
        String owner = ownerOf(request);
        Map<String, Map<String, String>> opened = new HashMap<>();
        request.secretEnv().forEach((name, ref) -> {
            Map<String, String> keyValues = opened.computeIfAbsent(ref.secret(), secret -> open(request, owner, secret));
            if (keyValues == null || !keyValues.containsKey(ref.key())) {
                throw missing(request, name, ref, keyValues == null);
            }
            env.put(name, keyValues.get(ref.key()));
        });
        return env;
    }

    /** The owner of the container's session; a container of no session (none Steward makes) has no secrets. */
    private String ownerOf(ContainerRequest request) {
        String session = request.labels() == null ? null : request.labels().get(StewardLabels.SESSION);
        return session == null ? null
                : sessions.findById(UUID.fromString(session)).map(SessionRow::owner).orElse(null);
    }

    private Map<String, String> open(ContainerRequest request, String owner, String secret) {
        try {
            return owner == null ? null : secrets.findByOwnerAndName(owner, secret).map(data::open).orElse(null);
        } catch (UnreadableCiphertext unreadable) {
            throw ApplicationFailure.newNonRetryableFailure("container " + request.name() + " takes env from secret "
                    + secret + ", which does not decrypt: " + unreadable.getMessage(), ContainerActivities.INVALID_SPEC);
        }
    }

    private static ApplicationFailure missing(ContainerRequest request, String name, SecretKeyRef ref,
            boolean noSecret) {
        String what = noSecret ? "secret " + ref.secret() + " does not exist"
                : "secret " + ref.secret() + " has no key " + ref.key();
        return ApplicationFailure.newNonRetryableFailure("container " + request.name() + " takes env " + name
                + " from a secret, but " + what, ContainerActivities.INVALID_SPEC);
    }
}
