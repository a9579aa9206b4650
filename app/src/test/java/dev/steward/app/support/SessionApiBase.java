package dev.steward.app.support;

import com.github.dockerjava.api.DockerClient;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;

/** Gives each test the service's session API, and the engine to look at directly. */
public abstract class SessionApiBase {

    @Inject
    @Client("/")
    protected HttpClient client;

    @Inject
    protected DockerClient docker;

    protected SessionApi api;
    protected Engine engine;

    @BeforeEach
    void openSessionApi() {
        api = new SessionApi(client.toBlocking());
        engine = new Engine(docker);
    }
}
