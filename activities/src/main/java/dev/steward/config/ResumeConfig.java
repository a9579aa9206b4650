package dev.steward.config;

import io.micronaut.context.annotation.ConfigurationProperties;
import java.time.Duration;

/**
 * Rebuilding Temporal from the read model: every session that has not ended and every host whose
 * workflow is missing from Temporal is started again.
 *
 * @param enabled false to leave missing workflows missing (an operator action still resumes its session)
 * @param interval how often the read model is compared with Temporal (and once at startup)
 * @param grace how old a session's row must be before its missing workflow counts as lost: a session
 *        being created has its row a moment before its workflow
 */
@ConfigurationProperties("steward.resume")
public record ResumeConfig(boolean enabled, Duration interval, Duration grace) {}
