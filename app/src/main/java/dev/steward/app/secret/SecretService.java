package dev.steward.app.secret;

import dev.steward.app.refusal.Conflict;
import dev.steward.app.refusal.InvalidRequest;
import dev.steward.app.refusal.NotFound;
import dev.steward.app.refusal.Refusal;
import dev.steward.app.session.SecretRefs;
import dev.steward.app.session.SessionCommands;
import dev.steward.model.FieldError;
import dev.steward.model.SessionSpecValidator;
import dev.steward.model.SpecRules;
import dev.steward.store.SecretData;
import dev.steward.store.SecretRepository;
import dev.steward.store.SecretRow;
import dev.steward.store.SessionRepository;
import dev.steward.store.SessionRow;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Secrets, each its owner's: created with their key/values encrypted, listed by owner, name and
 * version only, rotated (the pods using them replaced) and deleted when no live session of their
 * owner uses them.
 */
@Singleton
public class SecretService {

    private static final Logger log = LoggerFactory.getLogger(SecretService.class);
    /** Keys as Kubernetes allows them in a secret. */
    private static final Pattern KEY = Pattern.compile("[-._a-zA-Z0-9]{1,253}");
    private static final int MAX_KEYS = 100;
    private static final int MAX_VALUE_LENGTH = 65_536;

    private final SecretRepository secrets;
    private final SecretData data;
    private final SessionRepository sessionRows;
    private final SessionCommands sessions;

    public SecretService(SecretRepository secrets, SecretData data, SessionRepository sessionRows,
            SessionCommands sessions) {
        this.secrets = secrets;
        this.data = data;
        this.sessionRows = sessionRows;
        this.sessions = sessions;
    }

    /** @param owner the owner it is created for, as the caller may name it; {@code null} for none named (a 422) */
    public SecretRow create(@Nullable String owner, SecretRequest request) {
        List<FieldError> errors = new ArrayList<>();
        if (request == null) {
            throw new InvalidRequest(new FieldError("", "a body with owner, name and data is required"));
        }
        validateOwner(owner, errors);
        if (request.name() == null || !SpecRules.isName(request.name())) {
            errors.add(new FieldError("name", "must be a DNS label: lower-case letters, digits and '-', at most 63"
                    + " characters"));
        }
        validateData(request.data(), errors);
        InvalidRequest.rejectIfAny(errors);
        if (secrets.create(owner, request.name(), data.seal(owner, request.name(), request.data()), Instant.now()) == 0) {
            throw new Conflict("owner " + owner + " has a secret " + request.name() + "; PUT /api/v1/secrets/"
                    + request.name() + "?owner=" + owner + " rotates it", List.of(new FieldError("name", "is taken")));
        }
        return get(owner, request.name());
    }

    /** @param owner only this owner's; every owner's when {@code null} */
    public List<SecretRow> list(@Nullable String owner) {
        return owner == null ? secrets.listAll() : secrets.findByOwnerOrderByName(owner);
    }

    /**
     * Replaces the secret's key/values under its next version, then hands every live session that
     * uses it its own spec again, stamped with the new version: the pods using it are replaced. A
     * session that cannot take a spec change now (being deleted, say) is left as it is.
     */
    public SecretRow rotate(@Nullable String owner, String name, SecretRequest request) {
        List<FieldError> errors = new ArrayList<>();
        if (request == null) {
            throw new InvalidRequest(new FieldError("", "a body with data is required"));
        }
        validateOwner(owner, errors);
        if (request.owner() != null && !request.owner().equals(owner)) {
            errors.add(new FieldError("owner", "must be the secret's owner in the query, or absent"));
        }
        if (request.name() != null && !request.name().equals(name)) {
            errors.add(new FieldError("name", "must be the secret's name in the path, or absent"));
        }
        validateData(request.data(), errors);
        InvalidRequest.rejectIfAny(errors);
        if (secrets.rotate(owner, name, data.seal(owner, name, request.data()), Instant.now()) == 0) {
            throw notFound(owner, name);
        }
        for (SessionRow session : sessionsUsing(owner, name)) {
            try {
                sessions.updateSpec(session.id(), session.spec(), null);
            } catch (Refusal refused) {
                log.info("secret {} rotated: session {} keeps its spec for now: {}", name, session.id(),
                        refused.getMessage());
            }
        }
        return get(owner, name);
    }

    /** Deletes the secret; a 409 while a live session of its owner uses it. */
    public void delete(@Nullable String owner, String name) {
        List<FieldError> errors = new ArrayList<>();
        validateOwner(owner, errors);
        InvalidRequest.rejectIfAny(errors);
        if (!secrets.existsByOwnerAndName(owner, name)) {
            throw notFound(owner, name);
        }
        List<SessionRow> users = sessionsUsing(owner, name);
        if (!users.isEmpty()) {
            throw new Conflict("secret " + name + " is used by " + users.size() + " live sessions, for example "
                    + users.getFirst().id());
        }
        secrets.delete(owner, name);
    }

    private SecretRow get(String owner, String name) {
        return secrets.findByOwnerAndName(owner, name).orElseThrow(() -> notFound(owner, name));
    }

    /** The owner's live sessions that take a value from its secret {@code name}. */
    private List<SessionRow> sessionsUsing(String owner, String name) {
        return sessionRows.findLive().stream()
                .filter(row -> row.owner().equals(owner))
                .filter(row -> !row.status().ended())
                .filter(row -> SecretRefs.uses(row.spec(), name))
                .toList();
    }

    private static void validateOwner(@Nullable String owner, List<FieldError> errors) {
        if (owner == null || owner.isBlank() || owner.length() > SessionSpecValidator.MAX_OWNER_LENGTH) {
            errors.add(new FieldError("owner", "is required (a USER token's own when left out), at most "
                    + SessionSpecValidator.MAX_OWNER_LENGTH + " characters"));
        }
    }

    private static void validateData(Map<String, String> keyValues, List<FieldError> errors) {
        if (keyValues == null || keyValues.isEmpty() || keyValues.size() > MAX_KEYS) {
            errors.add(new FieldError("data", "must hold 1 to " + MAX_KEYS + " keys"));
            return;
        }
        keyValues.forEach((key, value) -> {
            if (!KEY.matcher(key).matches()) {
                errors.add(new FieldError("data." + key, "is not a valid key: letters, digits, '-', '_' and '.'"));
            } else if (value == null || value.length() > MAX_VALUE_LENGTH) {
                errors.add(new FieldError("data." + key, "must be a string of at most " + MAX_VALUE_LENGTH
                        + " characters"));
            }
        });
    }

    private static NotFound notFound(String owner, String name) {
        return new NotFound("secret " + name + " of owner " + owner);
    }
}
