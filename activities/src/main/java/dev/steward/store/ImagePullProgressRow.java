package dev.steward.store;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import java.time.Instant;

/**
 * How far the pull of an image on a host is, as its activity last wrote it; keyed by host and image
 * ({@link ImagePullProgressRepository}).
 */
@MappedEntity("image_pull_progress")
public record ImagePullProgressRow(
        String host,
        @Id String image,
        int layersDone,
        int layers,
        long bytesDone,
        @Nullable Long bytesTotal,
        Instant updatedAt) {}
