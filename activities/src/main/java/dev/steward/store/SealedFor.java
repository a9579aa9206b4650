package dev.steward.store;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * What a ciphertext belongs to: the row of its table and that row's owner. {@link SecretCipher} binds it
 * into each ciphertext as associated data, so a ciphertext copied into another row, or another owner's,
 * does not decrypt there.
 *
 * @param table the table the ciphertext is stored in
 * @param owner the owner of the row; empty for rows no owner has (an operator's)
 * @param row the row's key within its table and owner
 */
public record SealedFor(String table, String owner, String row) {

    /** The key/values of {@code owner}'s secret {@code name}. */
    public static SealedFor secret(String owner, String name) {
        return new SealedFor("secrets", owner, name);
    }

    /** The password or token of a registry's credentials. */
    public static SealedFor registryCredential(String registry) {
        return new SealedFor("registry_credentials", "", registry);
    }

    /** The access token a subscription's sink expects. */
    public static SealedFor subscriptionToken(UUID subscription) {
        return new SealedFor("subscriptions", "", subscription.toString());
    }

    /** The header of the ciphertext, then each part with its length, so no two bindings read alike. */
    byte[] associatedData(byte[] header) {
        ByteArrayOutputStream data = new ByteArrayOutputStream();
        data.writeBytes(header);
        for (String part : new String[] {table, owner, row}) {
            byte[] bytes = part.getBytes(StandardCharsets.UTF_8);
            data.write(bytes.length >>> 24);
            data.write(bytes.length >>> 16);
            data.write(bytes.length >>> 8);
            data.write(bytes.length);
            data.writeBytes(bytes);
        }
        return data.toByteArray();
    }

    @Override
    public String toString() {
        return table + " " + (owner.isEmpty() ? "" : owner + "/") + row;
    }
}
