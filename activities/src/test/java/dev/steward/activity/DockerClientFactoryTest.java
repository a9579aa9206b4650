package dev.steward.activity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import com.github.dockerjava.api.DockerClient;
import dev.steward.config.EngineConfig;
import dev.steward.contract.ContainerActivities;
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

    @Test
    void contextBindsTheHostAndMakesOneClient() {
        try (ApplicationContext context = ApplicationContext.run(Map.of("steward.engine.host", "unix:///tmp/steward-test.sock",
                // The container activities name their pulls' host: the hosts' settings, as the service has them.
                "steward.hosts", Map.of("unreachable-after", 3, "probe-timeout", "5s", "probe-interval", "10s",
                        "lost-after", "5m", "secret-dir", "/tmp", "local-name", "local", "register-local", true)))) {
            assertEquals("unix:///tmp/steward-test.sock", context.getBean(EngineConfig.class).host());
            DockerClient client = context.getBean(DockerClient.class);
            assertSame(client, context.getBean(DockerClient.class));
            assertNotNull(context.getBean(ContainerActivities.class));
        }
    }

    @Test
    void contextWithoutThePropertyUsesTheDefault() {
        try (ApplicationContext context = ApplicationContext.run()) {
            String expected = EngineConfig.resolveHost(null, System.getenv("DOCKER_HOST"));
            assertEquals(expected, context.getBean(EngineConfig.class).host());
        }
    }
}
