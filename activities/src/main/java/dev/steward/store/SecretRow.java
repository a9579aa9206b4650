package dev.steward.store;

import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import java.time.Instant;

/**
 * A secret pods' env takes values from; its key is the owner and the name ({@link SecretRepository}
 * reads it by both).
 *
 * @param owner the owner whose sessions may take values from it
 * @param name its name, as env entries reference it; unique per owner
 * @param version 1 when created, raised by every rotation
 * @param dataEncrypted its key/values as a JSON object, encrypted by {@link SecretCipher} ({@link SecretData})
 */
@MappedEntity("secrets")
public record SecretRow(String owner, @Id String name, long version, byte[] dataEncrypted, Instant createdAt,
        Instant updatedAt) {}
