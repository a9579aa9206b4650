package dev.steward.app.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.List;
import org.junit.jupiter.api.Test;

class UnhandledCommandFilterTest {

    private final LoggerContext context = new LoggerContext();
    private final ListAppender<ILoggingEvent> lines = new ListAppender<>();

    UnhandledCommandFilterTest() {
        UnhandledCommandFilter filter = new UnhandledCommandFilter();
        filter.start();
        context.addTurboFilter(filter);
        lines.start();
        context.getLogger(Logger.ROOT_LOGGER_NAME).addAppender(lines);
    }

    @Test
    void dropsOnlyTheWorkersWarningOfARefusedCompletion() {
        Logger worker = context.getLogger("io.temporal.internal.worker.WorkflowWorker");
        Logger other = context.getLogger("dev.steward.app.Something");
        StatusRuntimeException unhandled = Status.INVALID_ARGUMENT.withDescription("UnhandledCommand").asRuntimeException();
        StatusRuntimeException unavailable = Status.UNAVAILABLE.withDescription("io exception").asRuntimeException();

        worker.warn("Failure while reporting workflow progress to the server. WorkflowId={}", "w", unhandled);
        worker.warn("Failure while reporting workflow progress to the server. WorkflowId={}", "w", unavailable);
        worker.error("a task failed", unhandled);
        other.warn("not the worker's", unhandled);

        List<String> kept = lines.list.stream().map(e -> e.getLevel() + " " + e.getLoggerName() + " "
                + e.getThrowableProxy().getMessage()).toList();
        assertEquals(List.of(
                "WARN io.temporal.internal.worker.WorkflowWorker UNAVAILABLE: io exception",
                "ERROR io.temporal.internal.worker.WorkflowWorker INVALID_ARGUMENT: UnhandledCommand",
                "WARN dev.steward.app.Something INVALID_ARGUMENT: UnhandledCommand"), kept);
    }
}
