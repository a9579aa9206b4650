package dev.steward.app.auth;

import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.CrudRepository;
import java.util.List;
import java.util.Optional;

@JdbcRepository(dialect = Dialect.POSTGRES)
public interface ApiTokenRepository extends CrudRepository<ApiToken, String> {

    Optional<ApiToken> findBySecretSha256(String secretSha256);

    List<ApiToken> listOrderByName();
}
