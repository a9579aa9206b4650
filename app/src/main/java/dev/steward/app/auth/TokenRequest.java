package dev.steward.app.auth;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;

/**
 * A token to create.
 *
 * @param name unique, a DNS label
 * @param role {@code VIEWER}, {@code USER}, {@code OPERATOR} or {@code ADMIN}, in any case
 * @param owner required for a {@code USER} token (the owner its sessions get); for a {@code VIEWER} token,
 *     the one owner whose data it reads (every owner's when absent); refused for the others
 */
@Serdeable
public record TokenRequest(@Nullable String name, @Nullable String role, @Nullable String owner) {}
