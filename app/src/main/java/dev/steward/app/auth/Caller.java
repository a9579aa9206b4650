package dev.steward.app.auth;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.security.authentication.Authentication;
import java.util.Map;

/**
 * Who makes a request: the token's name, its role and, for a {@code USER}, the owner it acts as.
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

    /** Whether this caller may act on sessions of {@code sessionOwner}: every role above USER may. */
    public boolean mayActFor(String sessionOwner) {
        return role != Role.USER || sessionOwner.equals(owner);
    }
}
