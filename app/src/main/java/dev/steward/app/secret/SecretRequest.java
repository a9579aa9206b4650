package dev.steward.app.secret;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import java.util.Map;

/**
 * A secret to create, or its new key/values.
 *
 * @param owner the owner whose sessions may use it: a USER token's own when absent, required of
 *     other roles; in the query when rotating or deleting
 * @param name its name, as pods' env entries reference it; in the path when rotating
 * @param data its key/values; stored encrypted, never shown
 */
@Serdeable
public record SecretRequest(@Nullable String owner, @Nullable String name, @Nullable Map<String, String> data) {

    /** Never the values: a request that is logged or shown in an error shows none. */
    @Override
    public String toString() {
        return "SecretRequest[owner=" + owner + ", name=" + name + ", keys=" + (data == null ? null : data.keySet()) + "]";
    }
}
