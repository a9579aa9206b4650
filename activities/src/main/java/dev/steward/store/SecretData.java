package dev.steward.store;

import io.micronaut.core.type.Argument;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** A secret's key/values sealed for PostgreSQL as one encrypted JSON object, and opened again. */
@Singleton
public class SecretData {

    private static final Argument<Map<String, String>> KEY_VALUES = Argument.mapOf(String.class, String.class);

    private final SecretCipher cipher;
    private final JsonMapper json;

    public SecretData(SecretCipher cipher, JsonMapper json) {
        this.cipher = cipher;
        this.json = json;
    }

    public byte[] seal(String owner, String name, Map<String, String> keyValues) {
        try {
            return cipher.encrypt(new String(json.writeValueAsBytes(keyValues), StandardCharsets.UTF_8),
                    SealedFor.secret(owner, name));
        } catch (IOException e) {
            throw new UncheckedIOException("writing a secret's key/values failed", e);
        }
    }

    public Map<String, String> open(SecretRow row) {
        try {
            return json.readValue(cipher.decrypt(row.dataEncrypted(), SealedFor.secret(row.owner(), row.name()))
                    .getBytes(StandardCharsets.UTF_8), KEY_VALUES);
        } catch (IOException e) {
            throw new UncheckedIOException("reading a secret's key/values failed", e);
        }
    }
}
