package dev.steward.store;

import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.CrudRepository;
import java.util.List;
import java.util.Optional;

@JdbcRepository(dialect = Dialect.POSTGRES)
public interface EventSourceRepository extends CrudRepository<EventSourceRow, String> {

    Optional<EventSourceRow> findByTokenHash(String tokenHash);

    List<EventSourceRow> listOrderByName();
}
