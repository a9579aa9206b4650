package dev.steward.app.secret;

import dev.steward.app.temporal.BackgroundRetry;
import dev.steward.store.RegistryCredentialRepository;
import dev.steward.store.RegistryCredentialRow;
import dev.steward.store.SealedFor;
import dev.steward.store.SecretCipher;
import dev.steward.store.SecretRepository;
import dev.steward.store.SecretRow;
import dev.steward.store.SubscriptionRepository;
import dev.steward.store.SubscriptionRow;
import dev.steward.store.UnreadableCiphertext;
import dev.steward.telemetry.FailureEpisodes;
import io.micronaut.context.event.StartupEvent;
import io.micronaut.runtime.event.annotation.EventListener;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.TaskScheduler;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.util.function.ToIntFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings every ciphertext under the current secrets key: at startup (and, while PostgreSQL is away, in the
 * background until one pass got through), each secret, registry credential and sink token that is under an
 * older key, or was written before ciphertexts named their key, is decrypted and encrypted again, and a sink
 * token stored in plain text is encrypted. This is how a key is rotated: put a new key first in
 * {@code steward.secrets}, keep the old one after it, restart; once this has logged that nothing is left
 * under another key, the old key can go. Each row is replaced only if unchanged meanwhile, so replicas that
 * run it at once, or a rotation of the secret under way, lose nothing.
 */
@Singleton
public class SecretReencryption {

    private static final Logger LOG = LoggerFactory.getLogger(SecretReencryption.class);

    /** What one pass did. */
    public record Pass(int reencrypted, int unreadable) {}

    private final SecretCipher cipher;
    private final SecretRepository secrets;
    private final RegistryCredentialRepository credentials;
    private final SubscriptionRepository subscriptions;
    private final BackgroundRetry pass;

    public SecretReencryption(SecretCipher cipher, SecretRepository secrets, RegistryCredentialRepository credentials,
            SubscriptionRepository subscriptions, @Named(TaskExecutors.SCHEDULED) TaskScheduler scheduler) {
        this.cipher = cipher;
        this.secrets = secrets;
        this.credentials = credentials;
        this.subscriptions = subscriptions;
        this.pass = new BackgroundRetry(scheduler, new FailureEpisodes(LOG),
                "re-encrypting secrets under key " + cipher.currentKeyId(), this::reencryptLogged,
                failure -> "what is under an older key is still read with it");
    }

    @EventListener
    void onStartup(StartupEvent event) {
        pass.run();
    }

    private void reencryptLogged() {
        Pass done = reencryptAll();
        if (done.unreadable() > 0) {
            LOG.warn("{} ciphertexts are under keys that are not configured and stay as they are (each is named"
                    + " above): add their keys to steward.secrets after the current one", done.unreadable());
        } else if (done.reencrypted() > 0) {
            LOG.info("re-encrypted {} secrets, registry credentials and sink tokens under key {}: nothing is left under"
                    + " another key, so older keys may be removed from steward.secrets", done.reencrypted(),
                    cipher.currentKeyId());
        }
    }

    /** One pass over every ciphertext; a row that no configured key opens is counted and left. */
    public Pass reencryptAll() {
        int reencrypted = 0;
        int unreadable = 0;
        for (SecretRow row : secrets.listAll()) {
            Rewrite rewrite = rewrite(row.dataEncrypted(), SealedFor.secret(row.owner(), row.name()));
            reencrypted += rewrite.apply(next -> secrets.reencrypt(row.owner(), row.name(), row.dataEncrypted(), next));
            unreadable += rewrite.unreadable();
        }
        for (RegistryCredentialRow row : credentials.listOrderByRegistry()) {
            Rewrite rewrite = rewrite(row.secretEncrypted(), SealedFor.registryCredential(row.registry()));
            reencrypted += rewrite.apply(next -> credentials.reencrypt(row.registry(), row.secretEncrypted(), next));
            unreadable += rewrite.unreadable();
        }
        for (SubscriptionRow row : subscriptions.listOldestFirst()) {
            SealedFor token = SealedFor.subscriptionToken(row.id());
            if (row.accessTokenUnencrypted() != null) {
                reencrypted += subscriptions.encryptToken(row.id(), row.accessTokenUnencrypted(),
                        cipher.encrypt(row.accessTokenUnencrypted(), token));
            } else if (row.accessTokenEncrypted() != null) {
                Rewrite rewrite = rewrite(row.accessTokenEncrypted(), token);
                reencrypted += rewrite.apply(next -> subscriptions.reencryptToken(row.id(), row.accessTokenEncrypted(),
                        next));
                unreadable += rewrite.unreadable();
            }
        }
        return new Pass(reencrypted, unreadable);
    }

    /** @param next the ciphertext under the current key; null when there is nothing to write */
    private record Rewrite(byte[] next, int unreadable) {

        int apply(ToIntFunction<byte[]> write) {
            return next == null ? 0 : write.applyAsInt(next);
        }
    }

    private Rewrite rewrite(byte[] sealed, SealedFor sealedFor) {
        if (cipher.isCurrent(sealed)) {
            return new Rewrite(null, 0);
        }
        try {
            return new Rewrite(cipher.encrypt(cipher.decrypt(sealed, sealedFor), sealedFor), 0);
        } catch (UnreadableCiphertext unreadable) {
            LOG.warn("{}", unreadable.getMessage());
            return new Rewrite(null, 1);
        }
    }

    @PreDestroy
    void stop() {
        pass.cancel();
    }
}
