package dev.steward.activity;

import com.github.dockerjava.core.util.CertificateUtils;
import com.github.dockerjava.transport.SSLConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.Security;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.bouncycastle.jce.provider.BouncyCastleProvider;

/**
 * Mutual TLS to an engine from three PEM files, read when the connection is made. The files'
 * contents never leave this class; errors name the files, not what is in them.
 *
 * @param ca the CA that signed the engine's certificate
 * @param cert the client certificate
 * @param key the client key
 */
record PemFilesSslConfig(Path ca, Path cert, Path key) implements SSLConfig {

    /** The key store exists only in memory; docker-java's own TLS setup uses the same password. */
    private static final char[] KEY_STORE_PASSWORD = "docker".toCharArray();

    static PemFilesSslConfig inDirectory(Path dir) {
        return new PemFilesSslConfig(dir.resolve("ca.pem"), dir.resolve("cert.pem"), dir.resolve("key.pem"));
    }

    @Override
    public SSLContext getSSLContext() {
        try {
            if (Security.getProvider(BouncyCastleProvider.PROVIDER_NAME) == null) {
                Security.addProvider(new BouncyCastleProvider());
            }
            KeyStore keys = CertificateUtils.createKeyStore(read(key), read(cert));
            KeyManagerFactory keyManagers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keyManagers.init(keys, KEY_STORE_PASSWORD);
            TrustManagerFactory trustManagers =
                    TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trustManagers.init(CertificateUtils.createTrustStore(read(ca)));
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keyManagers.getKeyManagers(), trustManagers.getTrustManagers(), null);
            return context;
        } catch (IOException | GeneralSecurityException | RuntimeException e) {
            throw new IllegalStateException("cannot set up TLS from " + ca + ", " + cert + " and " + key + ": "
                    + e.getClass().getSimpleName(), e);
        }
    }

    private static String read(Path file) throws IOException {
        return Files.readString(file, StandardCharsets.US_ASCII);
    }
}
