package dev.steward.app.subscription;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;

/**
 * The credential a sink expects (Subscriptions API {@code sinkcredential}); only {@code ACCESSTOKEN}. Read
 * from requests only: answers show {@link SinkCredentialView}, never the token.
 */
@Serdeable
public record SinkCredential(@Nullable String credentialtype, @Nullable String accesstoken) {

    @Override
    public String toString() {
        return "SinkCredential[" + credentialtype + "]";
    }
}
