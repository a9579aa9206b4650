package dev.steward.app.events;

import dev.steward.store.Appended;
import dev.steward.store.Outbox;
import dev.steward.telemetry.FailureEpisodes;
import io.micronaut.context.annotation.Value;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;

/**
 * What the outbox's {@code NOTIFY} tells of each appended event, for every reader in this process: one
 * connection of its own listens, so event streams and deliveries are woken when there is something to
 * read instead of each polling PostgreSQL. While that connection is down nothing is told; once it is
 * back, {@link #EVERYTHING} tells every reader to look, since what was appended meanwhile went unheard.
 */
@Singleton
public class OutboxNotifications {

    /** Told when what was appended is not known: every reader looks. */
    public static final Appended EVERYTHING = new Appended(Long.MAX_VALUE, null, null);

    private static final Logger LOG = LoggerFactory.getLogger(OutboxNotifications.class);
    private static final int WAIT_MILLIS = 1_000;
    private static final Duration RECONNECT_AFTER = Duration.ofSeconds(1);
    private static final String LISTENING = "listening to the outbox's notifications";

    private final String url;
    private final String username;
    private final String password;
    private final Sinks.Many<Appended> appended = Sinks.many().multicast().directBestEffort();
    private final FailureEpisodes failures = new FailureEpisodes(LOG);
    private final Thread listener;
    private volatile boolean stopped;

    public OutboxNotifications(@Value("${datasources.default.url}") String url,
            @Value("${datasources.default.username:}") String username,
            @Value("${datasources.default.password:}") String password) {
        this.url = url;
        this.username = username;
        this.password = password;
        this.listener = Thread.ofVirtual().name("outbox-notifications").start(this::listen);
    }

    /** Each event appended from now on, as its transaction commits; {@link #EVERYTHING} after a gap. */
    public Flux<Appended> appended() {
        return appended.asFlux();
    }

    private void listen() {
        while (!stopped) {
            try (Connection connection = DriverManager.getConnection(url, username, password)) {
                try (Statement listen = connection.createStatement()) {
                    listen.execute("LISTEN " + Outbox.CHANNEL);
                }
                failures.succeeded(LISTENING);
                appended.tryEmitNext(EVERYTHING);
                PGConnection notifications = connection.unwrap(PGConnection.class);
                while (!stopped) {
                    PGNotification[] received = notifications.getNotifications(WAIT_MILLIS);
                    for (PGNotification notification : received == null ? new PGNotification[0] : received) {
                        Appended event = Appended.of(notification.getParameter());
                        appended.tryEmitNext(event == null ? EVERYTHING : event);
                    }
                }
            } catch (SQLException e) {
                if (stopped) {
                    return;
                }
                failures.failed(LISTENING, "event streams wait and deliveries look every poll-interval meanwhile; tried again in "
                        + RECONNECT_AFTER.toSeconds() + " s", e);
                try {
                    Thread.sleep(RECONNECT_AFTER);
                } catch (InterruptedException interrupted) {
                    return;
                }
            }
        }
    }

    @PreDestroy
    void stop() {
        stopped = true;
        listener.interrupt();
        appended.tryEmitComplete();
    }
}
