package dev.steward.activity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import com.github.dockerjava.api.DockerClient;
import dev.steward.config.EngineConfig;
import io.micronaut.context.ApplicationContext;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The engine configuration and the client bean, without an engine. */
class DockerClientFactoryTest {

    @Test
    void hostIsTheProperty() {
        assertEquals("tcp://engine:2375", EngineConfig.resolveHost("tcp://engine:2375", "unix:///env.sock"));
    }

    @Test
    void hostDefaultsToDockerHostThenTheDockerSocket() {
        assertEquals("unix:///env.sock", EngineConfig.resolveHost(null, "unix:///env.sock"));
        assertEquals("unix:///env.sock", EngineConfig.resolveHost("  ", "unix:///env.sock"));
        assertEquals(EngineConfig.DEFAULT_HOST, EngineConfig.resolveHost(null, null));
        assertEquals(EngineConfig.DEFAULT_HOST, EngineConfig.resolveHost(null, ""));
        assertEquals("unix:///var/run/docker.sock", EngineConfig.DEFAULT_HOST);
    }

    /** The service does not start without a secrets key; this one encrypts nothing here. */
    private static final String TEST_SECRETS_KEY = "c3Rld2FyZC10ZXN0cy1vbmx5LWtleS0zMi1ieXRlcyE=";

    @Test
    void contextBindsTheHostAndMakesOneClient() {
        try (ApplicationContext context = ApplicationContext.run(Map.of("steward.engine.host", "unix:///tmp/steward-test.sock",
                "steward.secrets.key", TEST_SECRETS_KEY))) {
            assertEquals("unix:///tmp/steward-test.sock", context.getBean(EngineConfig.class).host());
            DockerClient client = context.getBean(DockerClient.class);
            assertSame(client, context.getBean(DockerClient.class));
        }
    }

    @Test
    void contextWithoutThePropertyUsesTheDefault() {
        try (ApplicationContext context = ApplicationContext.run(Map.of("steward.secrets.key", TEST_SECRETS_KEY))) {
            String expected = EngineConfig.resolveHost(null, System.getenv("DOCKER_HOST"));
            assertEquals(expected, context.getBean(EngineConfig.class).host());
        }
    }
}
