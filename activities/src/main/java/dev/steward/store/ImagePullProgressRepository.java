package dev.steward.store;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.Query;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.GenericRepository;
import java.time.Instant;
import java.util.Collection;
import java.util.List;

/** The pulls under way, one row per host and image: written over while a pull runs, removed when it ends. */
@JdbcRepository(dialect = Dialect.POSTGRES)
public interface ImagePullProgressRepository extends GenericRepository<ImagePullProgressRow, String> {

    @Query("""
            INSERT INTO image_pull_progress (host, image, layers_done, layers, bytes_done, bytes_total, updated_at)
            VALUES (:host, :image, :layersDone, :layers, :bytesDone, :bytesTotal, :at)
            ON CONFLICT (host, image) DO UPDATE SET layers_done = EXCLUDED.layers_done, layers = EXCLUDED.layers,
                bytes_done = EXCLUDED.bytes_done, bytes_total = EXCLUDED.bytes_total, updated_at = EXCLUDED.updated_at""")
    void upsert(String host, String image, int layersDone, int layers, long bytesDone, @Nullable Long bytesTotal,
            Instant at);

    @Query("DELETE FROM image_pull_progress WHERE host = :host AND image = :image")
    void delete(String host, String image);

    List<ImagePullProgressRow> findByImageIn(Collection<String> images);
}
