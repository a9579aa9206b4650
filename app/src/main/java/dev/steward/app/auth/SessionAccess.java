package dev.steward.app.auth;

import dev.steward.app.refusal.Forbidden;
import dev.steward.app.session.SessionReads;
import dev.steward.model.FieldError;
import dev.steward.model.SessionSpec;
import dev.steward.model.SessionSpecValidator;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.security.authentication.Authentication;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a token limited to one owner (a USER's, or a VIEWER's given an owner) reaches: that owner's
 * sessions, secrets and the events and streams about them, and nothing of another owner. A path
 * naming another owner's session answers as if it did not exist (404), so ids do not leak; a request
 * that names another owner (a body's or a query's {@code owner}) is refused (403), which tells
 * nothing of what exists. Tokens of every owner reach all.
 */
@Singleton
public class SessionAccess {

    private static final Logger log = LoggerFactory.getLogger(SessionAccess.class);

    private final SessionReads sessions;

    public SessionAccess(SessionReads sessions) {
        this.sessions = sessions;
    }

    /**
     * The spec as the caller may send it: a token's owner is its sessions' (naming another is a 403),
     * and pods on their host's network need an OPERATOR or ADMIN (else a 403 naming each).
     */
    public @Nullable SessionSpec ownSpec(Authentication authentication, @Nullable SessionSpec spec) {
        Caller caller = Caller.of(authentication);
        if (spec == null) {
            return spec;
        }
        if (caller.role().ordinal() < Role.OPERATOR.ordinal()) {
            requireNoHostNetwork(spec, "token " + caller.tokenName() + " has role " + caller.role());
        }
        if (caller.owner() == null) {
            return spec;
        }
        if (spec.owner() == null) {
            return spec.withOwner(caller.owner());
        }
        if (!caller.reaches(spec.owner())) {
            throw refused(caller, "sessions of owner " + spec.owner());
        }
        return spec;
    }

    /**
     * Refuses (403) a spec with a pod on its host's network: only an OPERATOR or ADMIN token may ask for
     * that; {@code who} says who asked instead.
     */
    public static void requireNoHostNetwork(SessionSpec spec, String who) {
        List<FieldError> errors = SessionSpecValidator.hostNetworkFields(spec).stream()
                .map(field -> new FieldError(field, "needs an OPERATOR or ADMIN token"))
                .toList();
        if (!errors.isEmpty()) {
            throw new Forbidden(who + ": only an OPERATOR or ADMIN token may put a pod on its host's network", errors);
        }
    }

    /**
     * The owner whose data a request is about: a token's own, whether it names it or not (naming
     * another is a 403); for tokens of every owner the one named, {@code null} when none is.
     *
     * @param what the request's object, for the refusal
     */
    public @Nullable String ownerFor(Authentication authentication, @Nullable String named, String what) {
        Caller caller = Caller.of(authentication);
        if (caller.owner() == null) {
            return named;
        }
        if (named != null && !caller.reaches(named)) {
            throw refused(caller, what + " of owner " + named);
        }
        return caller.owner();
    }

    /** The owner a token is limited to; {@code null} for a token of every owner. */
    public @Nullable String scope(Authentication authentication) {
        return Caller.of(authentication).owner();
    }

    /**
     * Answers 404 for a session that does not exist, and for one of another owner than the caller's
     * token is limited to: the same answer, so that its id tells nothing.
     */
    public void requireSession(Authentication authentication, UUID id) {
        Caller caller = Caller.of(authentication);
        String owner = sessions.ownerOf(id);
        if (!caller.reaches(owner)) {
            log.warn("refused 404: token {} (owner {}) named session {} of another owner", caller.tokenName(),
                    caller.owner(), id);
            throw SessionReads.notFound(id);
        }
    }

    private static Forbidden refused(Caller caller, String what) {
        log.warn("refused 403: token {} (owner {}) may not reach {}", caller.tokenName(), caller.owner(), what);
        return new Forbidden("token " + caller.tokenName() + " is limited to owner " + caller.owner()
                + "; it may not reach " + what);
    }
}
