package dev.steward.config;

import io.micronaut.context.annotation.ConfigurationProperties;
import java.time.Duration;

/**
 * How long recorded history is kept ({@code steward.retention}).
 *
 * @param interval how often the purge runs
 * @param outbox outgoing events older than this are purged once every subscription has them
 * @param transitions session and host transitions older than this are purged
 * @param endedSessions sessions DELETED or EXPIRED longer than this are purged with their parts, pods and transitions
 * @param batchSize rows one statement deletes at most, so a purge never holds long locks
 */
@ConfigurationProperties("steward.retention")
public record RetentionConfig(
        Duration interval,
        Duration outbox,
        Duration transitions,
        Duration endedSessions,
        int batchSize) {}
