package dev.steward.app.temporal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.temporal.api.common.v1.Payload;
import io.temporal.common.converter.DataConverter;
import io.temporal.common.converter.DefaultDataConverter;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Pooling Jackson's buffers changes nothing on the wire: histories written before read the same, and the
 * payloads a workflow writes are byte for byte the SDK's own, from any number of threads at once. The SDK's
 * standard converter, which writes markers' values, takes its buffers from the same pool.
 */
class PooledJsonConverterTest {

    record Sample(String name, Instant at, Duration timeout, Optional<Integer> exitCode, List<Map<String, Object>> pods) {}

    private static final Sample SAMPLE = new Sample("web", Instant.parse("2026-11-27T10:15:30.123456Z"),
            Duration.ofSeconds(90), Optional.of(137),
            List.of(Map.of("name", "a", "labels", Map.of("tier", "front")), Map.of("name", "b", "ready", true)));

    private final DataConverter pooled = PooledJsonConverter.create();

    @Test
    void writesWhatTheSdkWritesAndReadsItBack() {
        Payload ours = pooled.toPayload(SAMPLE).orElseThrow();

        assertEquals(DefaultDataConverter.STANDARD_INSTANCE.toPayload(SAMPLE).orElseThrow(), ours);
        assertEquals(SAMPLE, pooled.fromPayload(ours, Sample.class, Sample.class));
        assertEquals(SAMPLE, pooled.fromPayload(DefaultDataConverter.STANDARD_INSTANCE.toPayload(SAMPLE).orElseThrow(),
                Sample.class, Sample.class));
    }

    @Test
    void theSdksStandardConverterTakesItsBuffersFromThePoolToo() {
        PooledJsonConverter.POOL.clear();

        // As the SDK writes a version marker's change id, on the workflow's thread.
        DefaultDataConverter.STANDARD_INSTANCE.toPayload("sessions-started-together").orElseThrow();

        // Kept per thread, the buffers would not have come back to the pool.
        assertEquals(1, PooledJsonConverter.POOL.pooledCount());
    }

    @Test
    void threadsSharingThePoolEachGetTheirOwnPayloadWhole() throws Exception {
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Sample>> readBack = IntStream.range(0, 2_000)
                    .mapToObj(i -> threads.submit(() -> {
                        Sample mine = new Sample("pod-" + i, SAMPLE.at().plusSeconds(i), SAMPLE.timeout(),
                                Optional.of(i), SAMPLE.pods());
                        return pooled.fromPayload(pooled.toPayload(mine).orElseThrow(), Sample.class, Sample.class);
                    }))
                    .toList();
            for (int i = 0; i < readBack.size(); i++) {
                assertEquals("pod-" + i, readBack.get(i).get().name());
                assertEquals(Optional.of(i), readBack.get(i).get().exitCode());
            }
        }
    }
}
