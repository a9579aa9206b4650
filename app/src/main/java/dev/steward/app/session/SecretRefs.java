package dev.steward.app.session;

import dev.steward.app.refusal.InvalidRequest;
import dev.steward.model.EnvValue;
import dev.steward.model.FieldError;
import dev.steward.model.PartSpec;
import dev.steward.model.PodSpec;
import dev.steward.model.SecretKeyRef;
import dev.steward.model.SessionSpec;
import dev.steward.store.SecretData;
import dev.steward.store.SecretRepository;
import dev.steward.store.SecretRow;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The secrets a session spec's env takes values from: each must be one of the session owner's, with
 * the key named (another owner's secret of that name does not count), and each
 * reference is stamped with the secret's current version, so that the pods' spec hashes change when
 * the secret is rotated. Values are opened here only to see which keys a secret has.
 */
@Singleton
public class SecretRefs {

    private final SecretRepository secrets;
    private final SecretData data;

    public SecretRefs(SecretRepository secrets, SecretData data) {
        this.secrets = secrets;
        this.data = data;
    }

    /**
     * The spec with every secret reference at its secret's current version; a 422 naming each
     * secret {@code owner} does not have, or key it has not.
     */
    public SessionSpec stamp(String owner, SessionSpec spec) {
        Map<String, Optional<SecretRow>> rows = new HashMap<>();
        Map<String, Map<String, String>> opened = new HashMap<>();
        List<FieldError> errors = new ArrayList<>();
        List<PartSpec> parts = new ArrayList<>();
        for (int i = 0; i < spec.parts().size(); i++) {
            PartSpec part = spec.parts().get(i);
            List<PodSpec> pods = new ArrayList<>();
            for (int j = 0; j < part.pods().size(); j++) {
                PodSpec pod = part.pods().get(j);
                Map<String, EnvValue> env = new LinkedHashMap<>();
                for (Map.Entry<String, EnvValue> entry : pod.env().entrySet()) {
                    String path = "parts[" + i + "].pods[" + j + "].env." + entry.getKey() + ".valueFrom";
                    EnvValue value = entry.getValue();
                    if (!value.isSecret()) {
                        env.put(entry.getKey(), value);
                        continue;
                    }
                    SecretKeyRef ref = value.valueFrom();
                    Optional<SecretRow> row = rows.computeIfAbsent(ref.secret(), name -> secrets.findByOwnerAndName(owner, name));
                    if (row.isEmpty()) {
                        errors.add(new FieldError(path + ".secret", "owner '" + owner + "' has no secret named '"
                                + ref.secret() + "'"));
                    } else if (!opened.computeIfAbsent(ref.secret(), name -> data.open(row.get()))
                            .containsKey(ref.key())) {
                        errors.add(new FieldError(path + ".key", "secret '" + ref.secret() + "' has no key '"
                                + ref.key() + "'"));
                    } else {
                        env.put(entry.getKey(), EnvValue.fromSecret(ref.at(row.get().version())));
                    }
                }
                pods.add(pod.withEnv(env));
            }
            parts.add(part.withPods(pods));
        }
        InvalidRequest.rejectIfAny(errors);
        return spec.withParts(parts);
    }

    /** Whether any pod of {@code spec} takes a value from a secret named {@code name} (its owner's, that is). */
    public static boolean uses(SessionSpec spec, String name) {
        return spec.parts().stream().flatMap(part -> part.pods().stream())
                .flatMap(pod -> pod.secretEnv().values().stream())
                .anyMatch(ref -> ref.secret().equals(name));
    }
}
