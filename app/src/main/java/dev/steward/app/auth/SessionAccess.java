package dev.steward.app.auth;

import dev.steward.app.refusal.Forbidden;
import dev.steward.app.session.SessionService;
import dev.steward.model.SessionSpec;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.security.authentication.Authentication;
import jakarta.inject.Singleton;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a USER token may do to sessions and secrets: only to those of the owner it acts as. Higher
 * roles act on all.
 */
@Singleton
public class SessionAccess {

    private static final Logger log = LoggerFactory.getLogger(SessionAccess.class);

    private final SessionService sessions;

    public SessionAccess(SessionService sessions) {
        this.sessions = sessions;
    }

    /**
     * The spec as the caller may send it: a USER's sessions get the token's owner, and naming another
     * owner is refused (403); other roles send theirs as it is.
     */
    public @Nullable SessionSpec ownSpec(Authentication authentication, @Nullable SessionSpec spec) {
        Caller caller = Caller.of(authentication);
        if (spec == null || caller.role() != Role.USER) {
            return spec;
        }
        if (spec.owner() == null) {
            return spec.withOwner(caller.owner());
        }
        if (!caller.mayActFor(spec.owner())) {
            throw refused(caller, "sessions of owner " + spec.owner());
        }
        return spec;
    }

    /**
     * The owner whose secrets a request is about: a USER's own, whether it names it or not (naming
     * another is a 403); for other roles the one named, {@code null} when none is.
     *
     * @param what the request's object, for the refusal
     */
    public @Nullable String ownerFor(Authentication authentication, @Nullable String named, String what) {
        Caller caller = Caller.of(authentication);
        if (caller.role() != Role.USER) {
            return named;
        }
        if (named != null && !caller.mayActFor(named)) {
            throw refused(caller, what + " of owner " + named);
        }
        return caller.owner();
    }

    /** Refuses (403) a USER whose token acts for another owner than the session's; 404 for no such session. */
    public void requireMayChange(Authentication authentication, UUID id) {
        Caller caller = Caller.of(authentication);
        if (caller.role() == Role.USER && !caller.mayActFor(sessions.ownerOf(id))) {
            throw refused(caller, "session " + id + ", which belongs to another owner");
        }
    }

    private static Forbidden refused(Caller caller, String what) {
        log.warn("refused 403: token {} (owner {}) may not act on {}", caller.tokenName(), caller.owner(), what);
        return new Forbidden("token " + caller.tokenName() + " acts for owner " + caller.owner()
                + " only; it may not act on " + what);
    }
}
