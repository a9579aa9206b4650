package dev.steward.app.auth;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.security.authentication.Authentication;
import java.util.Map;

/**
 * Who makes a request: the token's name, its role and the owner it is limited to: always one for a
 * {@code USER}, one or none for a {@code VIEWER}, none for the higher roles.
 */
public record Caller(String tokenName, Role role, @Nullable String owner) {

    private static final String ROLE = "stewardRole";
    private static final String OWNER = "owner";

    /** What the security filter carries through the request; the secret is not part of it. */
    Authentication authentication() {
        return Authentication.build(tokenName, role.granted(),
                owner == null ? Map.of(ROLE, role.name()) : Map.of(ROLE, role.name(), OWNER, owner));
    }

    public static Caller of(Authentication authentication) {
        Map<String, Object> attributes = authentication.getAttributes();
        Object owner = attributes.get(OWNER);
        return new Caller(authentication.getName(), Role.valueOf(String.valueOf(attributes.get(ROLE))),
                owner == null ? null : owner.toString());
    }

    /** Whether this caller reaches what {@code dataOwner} owns: a token limited to an owner only its own. */
    public boolean reaches(String dataOwner) {
        return owner == null || owner.equals(dataOwner);
    }
}
