package dev.steward.temporal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityOptions;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.internal.testservice.TestServicesStarter;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import io.temporal.testserver.TestServer;
import io.temporal.worker.WorkerFactory;
import io.temporal.workflow.Workflow;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;
import java.io.Closeable;
import java.io.IOException;
import java.lang.reflect.Field;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The stock test server keeps an entry for every timer lock its requests take and release, so its
 * list grows with every task it ever ran; this server's stays empty while it runs the same workflows.
 */
class LocalTemporalServerTest {

    private static final int WORKFLOWS = 20;

    @Test
    void runsWorkflowsWithoutKeepingTimerLockEvents() throws Exception {
        int port = freePort();
        try (LocalTemporalServer server = LocalTemporalServer.start(port)) {
            runWorkflows(port);
            assertEquals(0, lockEvents(starterOf(server, "services")).size());
        }
    }

    @Test
    void theStockServerKeepsAnEntryPerLockChange() throws Exception {
        int port = freePort();
        try (Closeable server = TestServer.createPortBoundServer(port, true)) {
            int before = lockEvents(starterOf(server, "testServicesStarter")).size();
            runWorkflows(port);
            // At least one lock and one unlock per workflow task and activity task, never removed.
            int kept = lockEvents(starterOf(server, "testServicesStarter")).size() - before;
            assertTrue(kept >= 4 * WORKFLOWS, "the stock server kept " + kept + " lock events for "
                    + WORKFLOWS + " workflows; if it keeps none, LocalTemporalServer's workaround can go");
        }
    }

    /** Runs {@link #WORKFLOWS} workflows of one activity each to completion. */
    private static void runWorkflows(int port) {
        WorkflowServiceStubs stubs = WorkflowServiceStubs.newServiceStubs(
                WorkflowServiceStubsOptions.newBuilder().setTarget("127.0.0.1:" + port).build());
        WorkflowClient client = WorkflowClient.newInstance(stubs);
        WorkerFactory workers = WorkerFactory.newInstance(client);
        try {
            var worker = workers.newWorker("lock-events");
            worker.registerWorkflowImplementationTypes(GreetingWorkflowImpl.class);
            worker.registerActivitiesImplementations((Greeting) name -> "hello " + name);
            workers.start();
            for (int i = 0; i < WORKFLOWS; i++) {
                GreetingWorkflow workflow = client.newWorkflowStub(GreetingWorkflow.class,
                        WorkflowOptions.newBuilder().setTaskQueue("lock-events").setWorkflowId("greeting-" + i).build());
                assertEquals("hello " + i, workflow.greet(String.valueOf(i)));
            }
        } finally {
            workers.shutdownNow();
            stubs.shutdownNow();
        }
    }

    private static TestServicesStarter starterOf(Object server, String field) throws ReflectiveOperationException {
        return (TestServicesStarter) accessible(server.getClass().getDeclaredField(field)).get(server);
    }

    private static List<?> lockEvents(TestServicesStarter starter) throws ReflectiveOperationException {
        Object timer = accessible(TestServicesStarter.class.getDeclaredField("selfAdvancingTimer")).get(starter);
        Field events = accessible(timer.getClass().getDeclaredField("lockEvents"));
        return (List<?>) events.get(timer);
    }

    private static Field accessible(Field field) {
        field.setAccessible(true);
        return field;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @WorkflowInterface
    public interface GreetingWorkflow {
        @WorkflowMethod
        String greet(String name);
    }

    @ActivityInterface
    public interface Greeting {
        String hello(String name);
    }

    public static class GreetingWorkflowImpl implements GreetingWorkflow {
        private final Greeting greeting = Workflow.newActivityStub(Greeting.class,
                ActivityOptions.newBuilder().setStartToCloseTimeout(Duration.ofSeconds(10)).build());

        @Override
        public String greet(String name) {
            return greeting.hello(name);
        }
    }
}
