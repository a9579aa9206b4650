package dev.steward.app.subscription;

import io.micronaut.serde.annotation.Serdeable;

/** That a subscription has a credential, and its type; never the token. */
@Serdeable
public record SinkCredentialView(String credentialtype) {}
