package dev.steward.app.temporal;

import com.fasterxml.jackson.core.util.BufferRecycler;
import com.fasterxml.jackson.core.util.JsonRecyclerPools;
import com.fasterxml.jackson.core.util.RecyclerPool;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.temporal.common.converter.DataConverter;
import io.temporal.common.converter.DefaultDataConverter;
import io.temporal.common.converter.JacksonJsonPayloadConverter;
import io.temporal.common.converter.PayloadConverter;
import java.lang.reflect.Field;

/**
 * The SDK's own converter, its JSON written and read exactly as before, with Jackson's buffers taken from one
 * pool. Jackson keeps them per thread by default, and every cached workflow runs on a thread of its own: at
 * 10,000 live sessions the worker's 29,000 cached workflows each held a set of idle buffers.
 */
final class PooledJsonConverter {

    /** The buffers of this converter and of the SDK's standard one. */
    static final RecyclerPool<BufferRecycler> POOL = JsonRecyclerPools.newConcurrentDequePool();

    private PooledJsonConverter() {}

    static DataConverter create() {
        ObjectMapper json = JacksonJsonPayloadConverter.newDefaultObjectMapper();
        json.getFactory().setRecyclerPool(POOL);
        poolTheStandardConverter();
        return DefaultDataConverter.newDefaultInstance()
                .withPayloadConverterOverrides(new JacksonJsonPayloadConverter(json));
    }

    /**
     * The SDK writes some values with its standard converter whatever the client's is: a version marker's change
     * id ({@code Workflow.getVersion}), a local activity's marker, a search attribute. It does so on the workflow's
     * thread, so each workflow that did kept a set of buffers of its own, about 18 KiB, for as long as it was cached.
     * The converter keeps its mapper in a private field; a change of the SDK that moves it fails the start.
     */
    private static void poolTheStandardConverter() {
        for (PayloadConverter converter : DefaultDataConverter.STANDARD_PAYLOAD_CONVERTERS) {
            if (converter instanceof JacksonJsonPayloadConverter jackson) {
                mapperOf(jackson).getFactory().setRecyclerPool(POOL);
            }
        }
    }

    private static ObjectMapper mapperOf(JacksonJsonPayloadConverter converter) {
        try {
            Field mapper = JacksonJsonPayloadConverter.class.getDeclaredField("mapper");
            mapper.setAccessible(true);
            return (ObjectMapper) mapper.get(converter);
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new IllegalStateException("the Temporal SDK's JSON converter no longer keeps its ObjectMapper in"
                    + " its field 'mapper'", e);
        }
    }
}
