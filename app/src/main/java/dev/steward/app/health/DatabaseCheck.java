package dev.steward.app.health;

import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import io.micronaut.scheduling.TaskExecutors;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.ExecutorService;
import javax.sql.DataSource;

/** PostgreSQL answers a query within {@link #TIMEOUT_SECONDS}: the read model can be read and written. */
@Singleton
public class DatabaseCheck extends ReadinessCheck {

    private static final int TIMEOUT_SECONDS = 3;

    private final DataSource dataSource;

    public DatabaseCheck(DataSource dataSource, @Named(TaskExecutors.BLOCKING) ExecutorService blocking) {
        super("database", blocking);
        // The bean is Micronaut Data's view bound to the current transaction; the check wants a connection of its own.
        this.dataSource = DelegatingDataSource.unwrapDataSource(dataSource);
    }

    @Override
    protected Verdict check() {
        long started = System.nanoTime();
        try (Connection connection = dataSource.getConnection()) {
            if (!connection.isValid(TIMEOUT_SECONDS)) {
                return Verdict.down("PostgreSQL did not answer within " + TIMEOUT_SECONDS + " s");
            }
            return Verdict.up("PostgreSQL answered in " + (System.nanoTime() - started) / 1_000_000 + " ms");
        } catch (SQLException unreachable) {
            return Verdict.down("PostgreSQL cannot be reached: " + unreachable.getClass().getSimpleName()
                    + " (SQL state " + unreachable.getSQLState() + ")");
        }
    }
}
