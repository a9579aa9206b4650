package dev.steward.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.context.ApplicationContext;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WorkerConfigTest {

    @Test
    void unsetSettingsTakeTheDefaultsDocumentedForTenThousandSessions() {
        // The one eager bean of this module, the secrets cipher, wants a key: any 32 bytes do.
        Map<String, Object> settings = Map.of("steward.worker.max-concurrent-watches", 50,
                "steward.secrets.key", Base64.getEncoder().encodeToString(new byte[32]));
        try (ApplicationContext context = ApplicationContext.run(settings)) {
            WorkerConfig config = context.getBean(WorkerConfig.class);
            assertTrue(config.enabled());
            assertEquals(10000, config.workflowCacheSize());
            assertEquals(120000, config.maxWorkflowThreads());
            assertTrue(config.virtualWorkflowThreads());
            assertEquals(200, config.maxConcurrentWorkflowTasks());
            assertEquals(200, config.maxConcurrentActivities());
            assertEquals(50, config.maxConcurrentWatches());
        }
    }
}
