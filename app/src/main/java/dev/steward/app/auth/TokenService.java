package dev.steward.app.auth;

import dev.steward.app.refusal.Conflict;
import dev.steward.app.refusal.InvalidRequest;
import dev.steward.app.refusal.NotFound;
import dev.steward.model.EnumText;
import dev.steward.model.FieldError;
import dev.steward.model.SessionSpecValidator;
import dev.steward.model.Sha256;
import dev.steward.model.SpecRules;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Creates, lists and revokes the API's tokens. */
@Singleton
public class TokenService {

    private static final Logger log = LoggerFactory.getLogger(TokenService.class);

    private final ApiTokenRepository tokens;

    public TokenService(ApiTokenRepository tokens) {
        this.tokens = tokens;
    }

    public CreatedToken create(@Nullable TokenRequest request) {
        Role role = validate(request);
        if (tokens.existsById(request.name()) || AuthConfig.CONFIGURED_ADMIN.equals(request.name())) {
            throw new Conflict("a token named " + request.name() + " exists",
                    List.of(new FieldError("name", "is taken")));
        }
        String secret = TokenSecrets.newSecret();
        String owner = request.owner();
        ApiToken token = tokens.save(new ApiToken(request.name(), role, owner, Sha256.hex(secret),
                Instant.now().truncatedTo(ChronoUnit.MICROS)));
        log.info("token {} created with role {}{}", token.name(), role, owner == null ? "" : " for owner " + owner);
        return new CreatedToken(token.name(), token.role(), token.owner(), token.createdAt(), secret);
    }

    public List<TokenView> list() {
        return tokens.listOrderByName().stream().map(TokenView::of).toList();
    }

    public void delete(String name) {
        if (!tokens.existsById(name)) {
            throw new NotFound("token " + name);
        }
        tokens.deleteById(name);
        log.info("token {} deleted", name);
    }

    private static Role validate(@Nullable TokenRequest request) {
        if (request == null) {
            throw new InvalidRequest(new FieldError("", "a token is required: {name, role, owner}"));
        }
        List<FieldError> errors = new ArrayList<>();
        if (request.name() == null || !SpecRules.NAME.matcher(request.name()).matches()) {
            errors.add(new FieldError("name", "must be a DNS label: lower-case letters, digits and '-', at most 63 characters"));
        }
        Role role = parseRole(request.role());
        if (role == null) {
            errors.add(new FieldError("role", "must be one of " + Arrays.toString(Role.values())));
        } else if (role == Role.USER && request.owner() == null) {
            errors.add(new FieldError("owner", "is required for a USER token: the owner its sessions get"));
        } else if (!role.takesOwner() && request.owner() != null) {
            errors.add(new FieldError("owner", "is only for USER and VIEWER tokens; a " + role
                    + " token acts on every owner"));
        } else if (request.owner() != null && request.owner().isBlank()) {
            errors.add(new FieldError("owner", "must not be blank"));
        }
        if (request.owner() != null && request.owner().length() > SessionSpecValidator.MAX_OWNER_LENGTH) {
            errors.add(new FieldError("owner", "must be at most " + SessionSpecValidator.MAX_OWNER_LENGTH + " characters"));
        }
        InvalidRequest.rejectIfAny(errors);
        return role;
    }

    private static @Nullable Role parseRole(@Nullable String role) {
        if (role == null) {
            return null;
        }
        try {
            return EnumText.parse(Role.class, role);
        } catch (IllegalArgumentException unknown) {
            return null;
        }
    }
}
