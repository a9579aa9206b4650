package dev.steward.app.session;

import dev.steward.model.SessionStatus;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.connection.annotation.Connectable;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import javax.sql.DataSource;

/**
 * Finds the sessions a listing asks for: by owner, any of several statuses, a label selector over the
 * spec's labels, newest first, from a cursor or by page. Built as SQL, since which filters apply varies.
 */
@Singleton
public class SessionQuery {

    /**
     * @param statuses any of these; empty for every status
     * @param after the cursor: only sessions after it in the listing's order; null from the start
     */
    public record Filter(@Nullable String owner, Set<SessionStatus> statuses, LabelSelector labels,
            @Nullable SessionCursor after) {}

    /** @param ids the page's session ids, in the listing's order; @param total how many match in all */
    public record Found(List<UUID> ids, long total) {}

    private final DataSource dataSource;
    private final JsonMapper json;

    public SessionQuery(DataSource dataSource, JsonMapper json) {
        this.dataSource = dataSource;
        this.json = json;
    }

    /** On the connection {@code @Connectable} opens for the call, and closes after it. */
    @Connectable
    public Found find(Filter filter, int offset, int limit) {
        List<Object> values = new ArrayList<>();
        String where = where(filter, values, false);
        List<Object> pageValues = new ArrayList<>();
        String pageWhere = where(filter, pageValues, true);
        try {
            Connection connection = dataSource.getConnection();
            long total;
            try (PreparedStatement count = prepared(connection, "SELECT COUNT(*) FROM sessions" + where, values);
                    ResultSet rows = count.executeQuery()) {
                rows.next();
                total = rows.getLong(1);
            }
            pageValues.add(limit);
            pageValues.add(offset);
            List<UUID> ids = new ArrayList<>();
            try (PreparedStatement page = prepared(connection, "SELECT id FROM sessions" + pageWhere
                    + " ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?", pageValues);
                    ResultSet rows = page.executeQuery()) {
                while (rows.next()) {
                    ids.add(rows.getObject(1, UUID.class));
                }
            }
            return new Found(ids, total);
        } catch (SQLException e) {
            throw new IllegalStateException("listing sessions failed", e);
        }
    }

    private String where(Filter filter, List<Object> values, boolean withCursor) {
        StringBuilder where = new StringBuilder(" WHERE TRUE");
        if (filter.owner() != null) {
            where.append(" AND owner = ?");
            values.add(filter.owner());
        }
        if (!filter.statuses().isEmpty()) {
            where.append(" AND status IN (").append("?, ".repeat(filter.statuses().size() - 1)).append("?)");
            filter.statuses().forEach(status -> values.add(status.name()));
        }
        LabelSelector labels = filter.labels();
        if (!labels.equal().isEmpty()) {
            where.append(" AND spec->'labels' @> CAST(? AS jsonb)");
            values.add(write(labels.equal()));
        }
        labels.notEqual().forEach((key, value) -> {
            where.append(" AND NOT COALESCE(spec->'labels' @> CAST(? AS jsonb), FALSE)");
            values.add(write(Map.of(key, value)));
        });
        labels.present().forEach(key -> {
            where.append(" AND COALESCE(jsonb_exists(spec->'labels', ?), FALSE)");
            values.add(key);
        });
        labels.absent().forEach(key -> {
            where.append(" AND NOT COALESCE(jsonb_exists(spec->'labels', ?), FALSE)");
            values.add(key);
        });
        if (withCursor && filter.after() != null) {
            where.append(" AND (created_at, id) < (?, ?)");
            values.add(Timestamp.from(filter.after().createdAt()));
            values.add(filter.after().id());
        }
        return where.toString();
    }

    private static PreparedStatement prepared(Connection connection, String sql, List<Object> values) throws SQLException {
        PreparedStatement statement = connection.prepareStatement(sql);
        for (int i = 0; i < values.size(); i++) {
            statement.setObject(i + 1, values.get(i));
        }
        return statement;
    }

    private String write(Map<String, String> labels) {
        try {
            return json.writeValueAsString(labels);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
