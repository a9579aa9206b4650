package dev.steward.app.events;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.steward.app.support.OwnDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;

/**
 * The migration that gives event sources an owner, on rows written before it: each source becomes its
 * own owner (its name, as a source given no owner is) and keeps driving every Steward event type and
 * every trigger there was; each stored event gets its source's owner, or its sender's name once the
 * source is gone.
 */
class EventSourceMigrationIT {

    @Test
    void sourcesAndEventsFromBeforeGetTheirOwnerAndSourcesKeepWhatTheyDrove() throws SQLException {
        try (OwnDatabase database = OwnDatabase.create("v69")) {
            migrate(database, "68");
            try (Connection connection = database.connect(); Statement sql = connection.createStatement()) {
                sql.execute("""
                        INSERT INTO event_sources (name, source, source_is_prefix, token_hash, created_at)
                        VALUES ('ci', 'https://ci.example.com/', TRUE, 'hash-ci', now())""");
                sql.execute("""
                        INSERT INTO triggers (name, definition, created_at, updated_at)
                        VALUES ('grading', '{}', now(), now()), ('closing', '{}', now(), now())""");
                sql.execute("""
                        INSERT INTO events (source, id, type, sender, event, received_at)
                        VALUES ('https://ci.example.com/a', '1', 'com.example.x', 'ci', '{}', now()),
                               ('https://gone.example.com/a', '1', 'com.example.x', 'gone', '{}', now())""");
            }
            migrate(database, "69");
            try (Connection connection = database.connect(); Statement sql = connection.createStatement()) {
                try (ResultSet source = sql.executeQuery("SELECT owner, types, triggers FROM event_sources")) {
                    source.next();
                    assertEquals("ci", source.getString("owner"));
                    assertEquals("[\"dev.steward.session.create\", \"dev.steward.session.desired-status\", "
                            + "\"dev.steward.session.timeslot\", \"dev.steward.session.delete\"]", source.getString("types"));
                    assertEquals("[\"closing\", \"grading\"]", source.getString("triggers"));
                }
                Map<String, String> owners = new LinkedHashMap<>();
                try (ResultSet events = sql.executeQuery("SELECT sender, owner FROM events ORDER BY seq")) {
                    while (events.next()) {
                        owners.put(events.getString("sender"), events.getString("owner"));
                    }
                }
                assertEquals(Map.of("ci", "ci", "gone", "gone"), owners);
            }
        }
    }

    private static void migrate(OwnDatabase database, String version) {
        Flyway.configure().dataSource(database.url(), OwnDatabase.user(), OwnDatabase.password()).target(version)
                .load().migrate();
    }
}
