package dev.steward.app.auth;

import java.util.Arrays;
import java.util.List;

/**
 * What a token may do; each role may do all that the roles before it may. A {@code VIEWER} reads,
 * every owner's data or, given an owner, only that owner's; a {@code USER} reads, creates and changes
 * only the data of the owner its token acts as; an {@code OPERATOR} acts on every owner's sessions, on
 * hosts, and may put pods on their host's network; an {@code ADMIN} also manages tokens and event sources.
 */
public enum Role {
    VIEWER,
    USER,
    OPERATOR,
    ADMIN;

    /** The role names {@code @Secured} checks against (constants, as annotations need them). */
    public static final String VIEWER_ROLE = "VIEWER";
    public static final String USER_ROLE = "USER";
    public static final String OPERATOR_ROLE = "OPERATOR";
    public static final String ADMIN_ROLE = "ADMIN";

    /** This role and every role below it: what an authenticated token is granted. */
    public List<String> granted() {
        return Arrays.stream(values()).filter(role -> role.ordinal() <= ordinal()).map(Role::name).toList();
    }

    /** Whether a token of this role may be limited to one owner: a USER always is, a VIEWER may be. */
    boolean takesOwner() {
        return this == VIEWER || this == USER;
    }
}
