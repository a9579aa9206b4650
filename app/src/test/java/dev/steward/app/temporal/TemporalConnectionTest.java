package dev.steward.app.temporal;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.uber.m3.tally.NoopScope;
import dev.steward.config.TemporalConfig;
import dev.steward.config.TemporalTlsConfig;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Key;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The connection options a Temporal cluster's settings make: TLS, mutual TLS, an API key. */
class TemporalConnectionTest {

    private static final TemporalFactory.TemporalEndpoint CLUSTER =
            new TemporalFactory.TemporalEndpoint("temporal.example.com:7233");
    private static final TemporalTlsConfig NO_TLS = new TemporalTlsConfig(false, null, null, null, null);

    @TempDir
    static Path dir;
    static Path cert;
    static Path key;

    /** A self-signed certificate and its PKCS #8 key as PEM files, made with the JDK's keytool. */
    @BeforeAll
    static void certificate() throws Exception {
        Path store = dir.resolve("client.p12");
        Process keytool = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", "client", "-keyalg", "EC", "-dname", "CN=steward", "-validity", "2",
                "-storetype", "PKCS12", "-keystore", store.toString(), "-storepass", "changeit"))
                .redirectErrorStream(true).start();
        keytool.getInputStream().readAllBytes();
        assertTrue(keytool.waitFor() == 0, "keytool made the certificate");
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            keys.load(in, "changeit".toCharArray());
        }
        Certificate certificate = keys.getCertificate("client");
        Key privateKey = keys.getKey("client", "changeit".toCharArray());
        cert = pem(dir.resolve("cert.pem"), "CERTIFICATE", certificate.getEncoded());
        key = pem(dir.resolve("key.pem"), "PRIVATE KEY", privateKey.getEncoded());
    }

    @Test
    void aClusterWithoutTlsSettingsIsReachedInPlainText() {
        WorkflowServiceStubsOptions options = options(config(null), NO_TLS);
        assertNull(options.getSslContext());
        assertFalse(options.getEnableHttps());
    }

    @Test
    void mutualTlsPresentsTheClientCertificateAndTrustsTheGivenCa() {
        WorkflowServiceStubsOptions options = options(config(null),
                new TemporalTlsConfig(false, cert.toString(), key.toString(), cert.toString(), "frontend.internal"));
        assertNotNull(options.getSslContext());
        assertNotNull(options.getChannelInitializer(), "the server name overrides the authority");
    }

    @Test
    void anApiKeyGoesOverTlsAndIsNeverShown() {
        WorkflowServiceStubsOptions options = options(config("secret-key"), NO_TLS);
        assertNotNull(options.getSslContext(), "an API key implies TLS");
        assertFalse(options.getGrpcMetadataProviders().isEmpty(), "the key is sent with every call");
        assertFalse(config("secret-key").toString().contains("secret-key"));
    }

    @Test
    void aCertificateWithoutItsKeyIsRefusedWithTheSettingsToFix() {
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> options(config(null), new TemporalTlsConfig(false, cert.toString(), null, null, null)));
        assertTrue(refused.getMessage().contains("TEMPORAL_TLS_KEY"), refused.getMessage());
    }

    private static WorkflowServiceStubsOptions options(TemporalConfig config, TemporalTlsConfig tls) {
        return TemporalConnection.options(CLUSTER, config, tls, new NoopScope());
    }

    private static TemporalConfig config(String apiKey) {
        return new TemporalConfig(CLUSTER.target(), "default", "steward", apiKey);
    }

    private static Path pem(Path file, String type, byte[] der) throws IOException {
        String body = Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(der);
        return Files.writeString(file, "-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n");
    }
}
