package dev.steward.app.auth;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;

/** The token a request came with, as {@code GET /api/v1/tokens/me} shows it: never its secret. */
@Serdeable
public record CallerView(String name, Role role, @Nullable String owner) {

    static CallerView of(Caller caller) {
        return new CallerView(caller.tokenName(), caller.role(), caller.owner());
    }
}
