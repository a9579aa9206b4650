package dev.steward.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class FailureEpisodesTest {

    private final Logger log = (Logger) LoggerFactory.getLogger("failure-episodes-test");
    private final ListAppender<ILoggingEvent> lines = new ListAppender<>();
    private final FailureEpisodes episodes = new FailureEpisodes(log);

    FailureEpisodesTest() {
        log.setLevel(Level.DEBUG);
        lines.start();
        log.addAppender(lines);
    }

    @Test
    void anEpisodeOfFailuresIsOneWarningAndOneLineWhenItWorksAgain() {
        IOException refused = new IOException("connection refused");
        for (int attempt = 0; attempt < 5; attempt++) {
            episodes.failed("host b", "retried by Temporal", new IllegalStateException("engine call failed", refused));
        }
        episodes.succeeded("host b");
        episodes.succeeded("host b");

        List<String> atInfoOrAbove = lines.list.stream()
                .filter(e -> e.getLevel().isGreaterOrEqual(Level.INFO))
                .map(e -> e.getLevel() + " " + e.getFormattedMessage())
                .toList();
        assertEquals(List.of(
                "WARN host b: IllegalStateException: engine call failed (IOException: connection refused); retried by"
                        + " Temporal (said again when it works)",
                "INFO host b: works again after 5 failed attempts"), atInfoOrAbove);
        assertEquals(4, lines.list.stream().filter(e -> e.getLevel() == Level.DEBUG).count());
        assertEquals(0, lines.list.stream().filter(e -> e.getLevel() == Level.WARN && e.getThrowableProxy() != null)
                .count(), "no stack trace at WARN");
    }

    @Test
    void subjectsHaveEpisodesOfTheirOwn() {
        episodes.failed("host a", "tried again", new IllegalStateException("down"));
        episodes.failed("host b", "tried again", new IllegalStateException("down"));
        episodes.failed("host a", "tried again", new IllegalStateException("down"));

        assertEquals(2, lines.list.stream().filter(e -> e.getLevel() == Level.WARN).count());
    }
}
