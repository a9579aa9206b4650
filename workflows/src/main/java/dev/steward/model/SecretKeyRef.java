package dev.steward.model;

/**
 * A value taken from a secret: the key {@code key} of the secret named {@code secret}.
 *
 * @param secret the secret's name
 * @param key the key within it
 * @param version the secret's version when the spec was taken, stamped by the service over whatever
 *     a client gave: a pod's spec hash covers it, so rotating the secret replaces the pods using it
 */
public record SecretKeyRef(String secret, String key, Long version) {

    /** The same key at the secret's {@code version}. */
    public SecretKeyRef at(long version) {
        return new SecretKeyRef(secret, key, version);
    }
}
