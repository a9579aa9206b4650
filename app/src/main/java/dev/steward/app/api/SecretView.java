package dev.steward.app.api;

import dev.steward.store.SecretRow;
import io.micronaut.serde.annotation.Serdeable;
import java.time.Instant;

/**
 * A secret as the API shows it: its name and version, never its keys' values.
 *
 * @param owner the owner whose sessions may take values from it
 * @param name its name, unique per owner
 * @param version 1 when created, raised by every rotation
 * @param createdAt when it was created
 * @param updatedAt when it was last rotated
 */
@Serdeable
public record SecretView(String owner, String name, long version, Instant createdAt, Instant updatedAt) {

    static SecretView of(SecretRow row) {
        return new SecretView(row.owner(), row.name(), row.version(), row.createdAt(), row.updatedAt());
    }
}
