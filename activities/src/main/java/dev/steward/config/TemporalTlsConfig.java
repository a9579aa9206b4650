package dev.steward.config;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;

/**
 * TLS to the Temporal frontend ({@code temporal.tls}): off unless enabled, a file is named, or an
 * API key is set. With none of the files, the JVM's trusted CAs check the server (Temporal Cloud).
 *
 * @param enabled TLS with the JVM's trusted CAs and no client certificate
 * @param cert the client certificate chain, PEM, for mutual TLS
 * @param key the client certificate's private key, PEM (PKCS #8)
 * @param ca the CA certificates that sign the server's certificate, PEM; absent, the JVM's own
 * @param serverName the name the server's certificate must carry, when it differs from the address's host
 */
@ConfigurationProperties("temporal.tls")
public record TemporalTlsConfig(boolean enabled, @Nullable String cert, @Nullable String key, @Nullable String ca,
        @Nullable String serverName) {

    public boolean hasClientCertificate() {
        return isSet(cert) || isSet(key);
    }

    public boolean hasCa() {
        return isSet(ca);
    }

    public boolean hasServerName() {
        return isSet(serverName);
    }

    /** Whether anything here asks for TLS. */
    public boolean requested() {
        return enabled || hasClientCertificate() || hasCa() || hasServerName();
    }

    private static boolean isSet(String value) {
        return value != null && !value.isBlank();
    }
}
