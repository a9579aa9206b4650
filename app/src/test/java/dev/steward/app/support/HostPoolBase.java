package dev.steward.app.support;

import dev.steward.config.ReconcileConfig;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import jakarta.inject.Inject;
import java.io.IOException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** Gives each test a {@link HostPool} of its own: hosts and sessions no other test uses, removed after it. */
public abstract class HostPoolBase {

    @Inject
    @Client("/")
    protected HttpClient client;

    @Inject
    protected ReconcileConfig reconcile;

    protected HostPool pool;

    @BeforeEach
    void openPool() {
        pool = new HostPool(client.toBlocking(), reconcile.settings().deployment());
    }

    @AfterEach
    void closePool() throws IOException {
        pool.close();
    }
}
