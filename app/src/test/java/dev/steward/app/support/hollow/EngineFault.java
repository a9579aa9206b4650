package dev.steward.app.support.hollow;

import java.util.concurrent.atomic.AtomicInteger;

/** A fault on the next {@code remaining} calls of an operation: an error answer, or a hang. */
public record EngineFault(int status, String message, boolean hang, AtomicInteger remaining) {}
