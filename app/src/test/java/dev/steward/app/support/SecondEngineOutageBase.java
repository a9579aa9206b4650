package dev.steward.app.support;

import java.io.IOException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * A {@link HostPoolBase} that stops the second engine's API service: only that engine is ever
 * stopped, and it is started again whatever the test did.
 */
public abstract class SecondEngineOutageBase extends HostPoolBase {

    protected final PodmanApiService secondEngine = PodmanApiService.secondEngine();

    @BeforeEach
    void engineUp() {
        secondEngine.start();
    }

    /** Runs before the pool closes: the engine must answer for its containers to be cleaned up. */
    @AfterEach
    void engineBackUp() throws IOException {
        secondEngine.start();
        pool.reconnectSecondEngine();
    }
}
