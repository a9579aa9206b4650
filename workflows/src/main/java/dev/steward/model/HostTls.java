package dev.steward.model;

/**
 * How Steward authenticates to a {@code tcp://} engine: either three PEM file paths, or a
 * reference to a Kubernetes-style secret mounted as files. Only paths and names are kept; the
 * contents are read when the connection is made and never stored or shown.
 *
 * @param caPath the CA certificate that signed the engine's certificate
 * @param certPath Steward's client certificate
 * @param keyPath Steward's client key
 * @param secretRef {@code namespace/name} of a secret holding {@code ca.pem}, {@code cert.pem} and {@code key.pem}
 */
public record HostTls(String caPath, String certPath, String keyPath, String secretRef) {}
