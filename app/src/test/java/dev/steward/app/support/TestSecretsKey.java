package dev.steward.app.support;

/**
 * The tests' secrets key (application-test.yml holds it too): a service a test starts outside that
 * configuration (a process, an image, the benchmark's) gets it, since no service starts without a key.
 */
public final class TestSecretsKey {

    public static final String KEY = "c3Rld2FyZC10ZXN0cy1vbmx5LWtleS0zMi1ieXRlcyE=";

    private TestSecretsKey() {}
}
