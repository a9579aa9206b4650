package dev.steward.store;

import dev.steward.config.SecretsConfig;
import io.micronaut.context.exceptions.ConfigurationException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.spec.SecretKeySpec;

/**
 * The keys of {@link SecretsConfig}, read once: {@code steward.secrets.key} (comma-separated) or the lines
 * of {@code steward.secrets.key-file}, each an AES-256 key in base64, the first the current one. Each key's
 * id is taken from its SHA-256, so a ciphertext names its key without the key being configured twice.
 */
final class SecretKeys {

    static final int ID_BYTES = 4;
    private static final int KEY_BYTES = 32;
    private static final byte[] ID_DOMAIN = "steward secrets key id\n".getBytes(StandardCharsets.UTF_8);
    private static final String HOW = "STEWARD_SECRETS_KEY (an AES-256 key: 32 random bytes in base64, as `head -c 32 "
            + "/dev/urandom | base64` makes) or STEWARD_SECRETS_KEY_FILE (a file holding one); ./steward up makes a key"
            + " file in its state directory";

    /** A key and its id. */
    record Key(byte[] id, SecretKeySpec spec) {

        String hexId() {
            return HexFormat.of().formatHex(id);
        }

        boolean hasId(byte[] sealed, int offset) {
            return Arrays.equals(id, 0, ID_BYTES, sealed, offset, offset + ID_BYTES);
        }
    }

    private SecretKeys() {}

    /** The configured keys, the current one first; a missing or malformed key is a startup error naming what to set. */
    static List<Key> read(SecretsConfig config) {
        List<String> encoded;
        String from;
        if (notBlank(config.key())) {
            encoded = Arrays.asList(config.key().split(","));
            from = "STEWARD_SECRETS_KEY (steward.secrets.key)";
        } else if (notBlank(config.keyFile())) {
            try {
                encoded = Files.readAllLines(Path.of(config.keyFile()));
            } catch (IOException e) {
                throw new ConfigurationException("cannot read the secrets key file " + config.keyFile()
                        + " (STEWARD_SECRETS_KEY_FILE): " + e.getMessage() + "; set " + HOW);
            }
            from = "the secrets key file " + config.keyFile();
        } else {
            throw new ConfigurationException("no key to encrypt secrets with: set " + HOW);
        }
        List<Key> keys = new ArrayList<>();
        for (String line : encoded) {
            String text = line.strip();
            if (!text.isEmpty() && !text.startsWith("#")) {
                keys.add(key(text, from, keys.size() + 1));
            }
        }
        if (keys.isEmpty()) {
            throw new ConfigurationException(from + " holds no key: set " + HOW);
        }
        return List.copyOf(keys);
    }

    private static Key key(String base64, String from, int position) {
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException("key " + position + " of " + from + " is not base64: set " + HOW);
        }
        if (bytes.length != KEY_BYTES) {
            throw new ConfigurationException("key " + position + " of " + from + " has " + bytes.length + " bytes, not "
                    + KEY_BYTES + ": set " + HOW);
        }
        return new Key(id(bytes), new SecretKeySpec(bytes, "AES"));
    }

    private static byte[] id(byte[] key) {
        try {
            MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
            sha256.update(ID_DOMAIN);
            return Arrays.copyOf(sha256.digest(key), ID_BYTES);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks SHA-256", e);
        }
    }

    private static boolean notBlank(String s) {
        return s != null && !s.isBlank();
    }
}
