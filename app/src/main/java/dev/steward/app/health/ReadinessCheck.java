package dev.steward.app.health;

import io.micronaut.core.async.publisher.Publishers;
import io.micronaut.health.HealthStatus;
import io.micronaut.management.health.indicator.HealthIndicator;
import io.micronaut.management.health.indicator.HealthResult;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import org.reactivestreams.Publisher;

/**
 * One named part of {@code /health/readiness}: UP or DOWN and, in words, why. It blocks (a database
 * query, a Temporal call), so it runs on the blocking executor, never on the event loop; a check
 * that throws is DOWN with what it threw. The reason never carries an address, a version or a secret.
 */
abstract class ReadinessCheck implements HealthIndicator {

    private final String name;
    private final ExecutorService blocking;

    ReadinessCheck(String name, ExecutorService blocking) {
        this.name = name;
        this.blocking = blocking;
    }

    /** The verdict; throwing means DOWN. */
    protected abstract Verdict check();

    @Override
    public final Publisher<HealthResult> getResult() {
        return Publishers.fromCompletableFuture(CompletableFuture.supplyAsync(this::result, blocking));
    }

    private HealthResult result() {
        Verdict verdict;
        try {
            verdict = check();
        } catch (RuntimeException failure) {
            verdict = Verdict.down(failure.getClass().getSimpleName() + ": " + failure.getMessage());
        }
        return HealthResult.builder(name, verdict.up() ? HealthStatus.UP : HealthStatus.DOWN)
                .details(Map.of("reason", verdict.reason()))
                .build();
    }

    /** @param reason why, in words */
    record Verdict(boolean up, String reason) {

        static Verdict up(String reason) {
            return new Verdict(true, reason);
        }

        static Verdict down(String reason) {
            return new Verdict(false, reason);
        }
    }
}
