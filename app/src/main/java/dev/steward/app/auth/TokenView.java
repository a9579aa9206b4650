package dev.steward.app.auth;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import java.time.Instant;

/** A token as listed: never its secret. */
@Serdeable
public record TokenView(String name, Role role, @Nullable String owner, Instant createdAt) {

    static TokenView of(ApiToken token) {
        return new TokenView(token.name(), token.role(), token.owner(), token.createdAt());
    }
}
