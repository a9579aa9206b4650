package dev.steward.app.support;

import static org.junit.jupiter.api.Assertions.fail;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A database of one test's own, next to the test database on the same server, made empty when it
 * opens and dropped when it closes: for a service whose hosts and sessions nothing else may see or
 * change, such as one that must find no READY host.
 */
public final class OwnDatabase implements AutoCloseable {

    private final String server;
    private final String admin;
    private final String name;

    private OwnDatabase(String testDatabaseUrl, String suffix) {
        int slash = testDatabaseUrl.lastIndexOf('/');
        String testDatabase = testDatabaseUrl.substring(slash + 1).replaceAll("\\?.*", "");
        this.server = testDatabaseUrl.substring(0, slash + 1);
        this.admin = server + testDatabase;
        this.name = testDatabase + "_" + suffix;
    }

    /** @param suffix letters, digits and {@code _}: the database is the test database's name plus it */
    public static OwnDatabase create(String suffix) {
        String url = System.getenv("DATASOURCES_DEFAULT_URL");
        if (url == null || !url.startsWith("jdbc:postgresql://")) {
            fail("DATASOURCES_DEFAULT_URL is not a PostgreSQL URL: run the tests with ./steward test");
        }
        OwnDatabase database = new OwnDatabase(url, suffix);
        database.execute("DROP DATABASE IF EXISTS " + database.name + " WITH (FORCE)");
        database.execute("CREATE DATABASE " + database.name);
        return database;
    }

    public String url() {
        return server + name;
    }

    @Override
    public void close() {
        execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
    }

    /** The test database's user, which owns this one too. */
    public static String user() {
        return System.getenv().getOrDefault("DATASOURCES_DEFAULT_USERNAME", "postgres");
    }

    public static String password() {
        return System.getenv().getOrDefault("DATASOURCES_DEFAULT_PASSWORD", "");
    }

    public Connection connect() throws SQLException {
        return DriverManager.getConnection(url(), user(), password());
    }

    private void execute(String sql) {
        try (Connection connection = DriverManager.getConnection(admin, user(), password());
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(sql + " failed on " + admin, e);
        }
    }
}
