package dev.steward.config;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;
import java.time.Duration;

/**
 * CloudEvents in and out ({@code steward.events}).
 *
 * @param dispatchEnabled false: this process stores the events it accepts and leaves their dispatch to
 *        the other processes (the events wait in PostgreSQL until one dispatches them)
 * @param sweepInterval how often stored events not dispatched yet are looked for (and once at startup):
 *        those a crash left behind, or whose dispatch failed for a time
 * @param lease how long one dispatcher holds an event; a dispatcher that crashed lets it go when it ends
 * @param maxBatch the most events one batch delivery may carry
 * @param maxDataBytes the most bytes of data one event may carry: a session's workflow and its pods' env
 *        carry the data of the events its parts await, under Temporal's payload limit (2 MB)
 * @param source the CloudEvents {@code source} of every outgoing event: names this Steward deployment; by
 *        default {@code /steward/{steward.reconcile.deployment}}
 */
@ConfigurationProperties("steward.events")
public record EventsConfig(boolean dispatchEnabled, Duration sweepInterval, Duration lease, int maxBatch,
        @Nullable String source, int maxDataBytes) {}
