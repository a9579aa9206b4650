package dev.steward.app.support.hollow;

/** An error answer of the {@link HollowEngine}, as the Docker API gives one: a status and {@code {"message": ...}}. */
public record HollowFailure(int status, String message) {}
