package dev.steward.activity;

import dev.steward.contract.ImagePullProgress;
import dev.steward.store.ImagePullProgressRepository;
import jakarta.inject.Singleton;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Pulls' progress in PostgreSQL (table {@code image_pull_progress}), by host and image. Writing is an
 * upsert and ending a delete, so a pull that runs twice writes the same; a write that fails (PostgreSQL
 * out of reach) costs the API a figure, never the pull.
 */
@Singleton
public class StoredImagePullReports {

    private static final Logger LOG = LoggerFactory.getLogger(StoredImagePullReports.class);

    private final ImagePullProgressRepository rows;

    public StoredImagePullReports(ImagePullProgressRepository rows) {
        this.rows = rows;
    }

    /** The reports of the pulls on {@code host}. */
    ImagePullReports on(String host) {
        return new ImagePullReports() {
            @Override
            public void progress(String image, ImagePullProgress progress) {
                write(() -> rows.upsert(host, image, progress.layersDone(), progress.layers(), progress.bytesDone(),
                        progress.bytesTotal(), Instant.now()), host, image);
            }

            @Override
            public void ended(String image) {
                write(() -> rows.delete(host, image), host, image);
            }
        };
    }

    private static void write(Runnable write, String host, String image) {
        try {
            write.run();
        } catch (RuntimeException e) {
            LOG.warn("the progress of pulling {} on host {} was not written: {}", image, host, e.toString());
        }
    }
}
