package dev.steward.app.hollow;

/** An error answer of the {@link HollowEngine}, as the Docker API gives one: a status and {@code {"message": ...}}. */
record HollowFailure(int status, String message) {}
