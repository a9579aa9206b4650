package dev.steward.app.support;

import dev.steward.app.temporal.NamespaceRegistration;
import dev.steward.model.HostStatus;
import dev.steward.store.HostRepository;
import dev.steward.workflow.support.Eventually;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.env.Environment;
import io.micronaut.runtime.event.annotation.EventListener;
import io.micronaut.runtime.server.event.ServerStartupEvent;
import jakarta.inject.Singleton;

/**
 * A test's service gets work once its Temporal namespace is registered and it has a READY host, as a
 * deployment gets traffic once its readiness probe passes: until then a session cannot start, and in a
 * fresh database the local host is READY only after its first probe, so a pod placed before that waits
 * for room (PENDING, Unschedulable) where a test expects it to start at once.
 */
@Singleton
@Requires(env = Environment.TEST)
@Requires(property = "steward.worker.enabled", notEquals = "false")
@Requires(property = ReadyBeforeTests.ENABLED, notEquals = "false")
public class ReadyBeforeTests {

    /** Off for a test that starts the service while what it needs is away. */
    public static final String ENABLED = "steward.test.ready-before-tests";

    private final HostRepository hosts;
    private final NamespaceRegistration namespace;

    ReadyBeforeTests(HostRepository hosts, NamespaceRegistration namespace) {
        this.hosts = hosts;
        this.namespace = namespace;
    }

    @EventListener
    void onServerStarted(ServerStartupEvent started) {
        Eventually.await("the namespace and search attributes registered before the tests begin", SessionApi.DEADLINE,
                namespace::registered,
                registered -> registered);
        Eventually.await("a READY host before the tests begin", SessionApi.DEADLINE, hosts::listOrderByName,
                all -> all.stream().anyMatch(host -> host.status() == HostStatus.READY));
    }
}
