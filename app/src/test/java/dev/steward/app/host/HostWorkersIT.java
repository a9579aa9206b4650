package dev.steward.app.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Container;
import dev.steward.activity.DockerClientFactory;
import dev.steward.app.support.Engine;
import dev.steward.app.support.HostApi;
import dev.steward.app.support.OwnHosts;
import dev.steward.app.support.Specs;
import dev.steward.app.support.TestWorkflows;
import dev.steward.config.HostsConfig;
import dev.steward.config.TemporalConfig;
import dev.steward.contract.ContainerNames;
import dev.steward.contract.ContainerRequest;
import dev.steward.contract.ContainerState;
import dev.steward.contract.HostActivities;
import dev.steward.contract.HostQueues;
import dev.steward.contract.StewardLabels;
import dev.steward.contract.WorkflowIds;
import dev.steward.model.HostCapacity;
import dev.steward.store.HostDeletion;
import dev.steward.store.HostStore;
import dev.steward.workflow.support.Eventually;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowFailedException;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.TimeoutFailure;
import jakarta.inject.Inject;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every registered host has a worker on its own task queue, bound to its own engine: a container
 * asked for on a host's queue appears on that host's engine, and once the host is deleted nobody
 * serves its queue any more. Hosts registered or deleted behind the service's back (another
 * process) are picked up by the periodic refresh.
 */
@MicronautTest(transactional = false)
class HostWorkersIT {

    /** The refresh runs every 5 s; this leaves room for a slow machine. */
    private static final Duration REFRESH_DEADLINE = Duration.ofSeconds(20);

    @Inject
    @Client("/")
    HttpClient client;

    @Inject
    WorkflowClient temporal;

    @Inject
    TemporalConfig temporalConfig;

    @Inject
    HostsConfig hostsConfig;

    @Inject
    HostStore store;

    @Inject
    HostActivities hostActivities;

    HostApi api;
    OwnHosts hosts;
    /** The test's own deployment: only its containers carry it. */
    String deployment;
    TestWorkflows workflows;
    DockerClient first;
    DockerClient second;

    @BeforeEach
    void setUp() {
        api = new HostApi(client.toBlocking());
        hosts = new OwnHosts("w", store, hostActivities);
        deployment = "host-workers-it-" + hosts.run();
        workflows = new TestWorkflows(temporal);
        first = DockerClientFactory.create(HostApi.firstEngine());
        second = DockerClientFactory.create(HostApi.secondEngine());
    }

    @AfterEach
    void tearDown() throws IOException {
        for (DockerClient engine : List.of(first, second)) {
            new Engine(engine).removeAllOf(deployment);
            engine.close();
        }
        hosts.close();
        workflows.close();
    }

    @Test
    void aHostRegisteredOverRestIsServedOnItsOwnEngineUntilItIsDeleted() {
        String host = hosts.name("second");
        api.register(Map.of("name", host, "endpoint", HostApi.secondEngine()));
        assertEquals(WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING,
                workflows.status(WorkflowIds.host(host)));
        assertEquals(WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING,
                workflows.status(WorkflowIds.host(hostsConfig.localName())), "the local host is served too");

        ContainerState created = workflows.ensureContainer(queueOf(host), request("served"), 10);

        assertEquals(List.of(created.id()), mine(second).stream().map(Container::getId).toList());
        assertEquals(List.of(), mine(first), "nothing on the other engine");

        assertEquals(HttpStatus.NO_CONTENT, api.delete(host));
        // Terminated by the delete, or ended by itself if it probed between the row's removal and that.
        assertTrue(Set.of(WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_TERMINATED,
                WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_COMPLETED)
                .contains(workflows.status(WorkflowIds.host(host))));
        assertNobodyServes(host, request("unserved"));
        assertEquals(List.of(created.id()), mine(second).stream().map(Container::getId).toList());
    }

    @Test
    void aHostRegisteredOrDeletedByAnotherProcessIsPickedUpByTheRefresh() {
        // Straight into the table, as another Steward process would.
        String host = hosts.register("elsewhere", HostApi.firstEngine(), HostCapacity.UNLIMITED);

        ContainerState created = workflows.ensureContainer(queueOf(host), request("refreshed"),
                (int) REFRESH_DEADLINE.toSeconds());

        assertEquals(List.of(created.id()), mine(first).stream().map(Container::getId).toList());
        assertEquals(WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING,
                workflows.status(WorkflowIds.host(host)));

        assertEquals(HostDeletion.DELETED, store.delete(host));
        // Terminated by the refresh, or ended by itself at its next probe: the host is unknown.
        Eventually.await("the workflow of the deleted host " + host + " ends", REFRESH_DEADLINE,
                () -> workflows.status(WorkflowIds.host(host)),
                status -> status != WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING);
        // Until the refresh drops its worker, a call is still taken, and refused: the host is unknown.
        Eventually.await("the worker of the deleted host " + host + " stops", REFRESH_DEADLINE,
                () -> failureOfACallOn(host, request("dropped")), TimeoutFailure.class::isInstance);
        assertNobodyServes(host, request("dropped"));
    }

    /** A container asked for on the host's queue is never made: the activity times out waiting for a worker. */
    private void assertNobodyServes(String host, ContainerRequest request) {
        assertInstanceOf(TimeoutFailure.class, failureOfACallOn(host, request));
        assertTrue(mine(first).stream().noneMatch(c -> List.of(c.getNames()).contains("/" + request.name())));
        assertTrue(mine(second).stream().noneMatch(c -> List.of(c.getNames()).contains("/" + request.name())));
    }

    private String queueOf(String host) {
        return HostQueues.of(temporalConfig.taskQueue(), host);
    }

    private ContainerRequest request(String pod) {
        UUID session = UUID.randomUUID();
        return new ContainerRequest(ContainerNames.of(session, "web", pod, "0123456789abcdef"), Specs.BUSYBOX,
                List.of("sleep", "60"), Map.of(), List.of(),
                StewardLabels.forPod(session, "web", pod, 1, "0123456789abcdef", deployment, null), null, null);
    }

    /** This test's containers on {@code engine}. */
    private List<Container> mine(DockerClient engine) {
        return new Engine(engine).containersOf(deployment);
    }

    /** Why a container asked for on the host's queue was not made. */
    private Throwable failureOfACallOn(String host, ContainerRequest request) {
        WorkflowFailedException failed = assertThrows(WorkflowFailedException.class,
                () -> workflows.ensureContainer(queueOf(host), request, 2));
        return assertInstanceOf(ActivityFailure.class, failed.getCause()).getCause();
    }
}
