package dev.steward.app.telemetry;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import org.slf4j.Marker;

/**
 * Drops the SDK's warning, with its stack trace, that Temporal refused a workflow task's completion
 * as {@code UnhandledCommand}: a signal came in while the task ran (a container event as a part
 * ends, say), and the SDK runs the task again at once with it. It is routine, not a fault; a workflow
 * that stays stuck still says so in every other warning the SDK logs.
 */
public final class UnhandledCommandFilter extends TurboFilter {

    private static final String WORKER_LOGGERS = "io.temporal.internal.worker.";

    @Override
    public FilterReply decide(Marker marker, Logger logger, Level level, String format, Object[] params, Throwable t) {
        if (level != Level.WARN || !logger.getName().startsWith(WORKER_LOGGERS)) {
            return FilterReply.NEUTRAL;
        }
        Throwable failure = t != null ? t
                : params != null && params.length > 0 && params[params.length - 1] instanceof Throwable last ? last : null;
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (String.valueOf(cause.getMessage()).contains("UnhandledCommand")) {
                return FilterReply.DENY;
            }
        }
        return FilterReply.NEUTRAL;
    }
}
