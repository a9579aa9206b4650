package dev.steward.store;

import io.micronaut.core.annotation.Nullable;

/**
 * An event to store: its identifying attributes and the whole event in the CloudEvents JSON format.
 *
 * @param sender the registered event source whose token delivered it
 * @param owner the owner that event source acts for; null for every owner
 */
public record NewEvent(String source, String id, String type, @Nullable String subject, String sender,
        @Nullable String owner, String json) {}
