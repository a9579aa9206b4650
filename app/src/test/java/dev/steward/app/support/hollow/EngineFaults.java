package dev.steward.app.support.hollow;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What a {@link HollowEngine} does besides answering: a latency added to every call, and faults per
 * operation (the route names of {@link HollowEngine}, such as {@code start} or {@code list}): the
 * next calls fail with a status, or hang until released. Thread-safe; changed while the engine serves.
 */
public final class EngineFaults {

    private volatile Duration latency = Duration.ZERO;
    private final Map<String, EngineFault> faults = new ConcurrentHashMap<>();
    private final Object released = new Object();

    /** Every call waits this long before it is served; zero for none. */
    public EngineFaults latency(Duration perCall) {
        this.latency = perCall;
        return this;
    }

    /** The next {@code calls} calls of {@code operation} answer {@code status} with {@code message}. */
    public EngineFaults fail(String operation, int calls, int status, String message) {
        faults.put(operation, new EngineFault(status, message, false, new AtomicInteger(calls)));
        return this;
    }

    /** The next {@code calls} calls of {@code operation} hang until {@link #clear()}. */
    public EngineFaults hang(String operation, int calls) {
        faults.put(operation, new EngineFault(0, null, true, new AtomicInteger(calls)));
        return this;
    }

    /** No more faults or latency; hung calls go on and are served. */
    public void clear() {
        faults.clear();
        latency = Duration.ZERO;
        synchronized (released) {
            released.notifyAll();
        }
    }

    /**
     * Applies the latency and a fault of {@code operation} to one call.
     *
     * @return the failure to answer with, or {@code null} to serve the call
     */
    HollowFailure before(String operation) throws InterruptedException {
        Duration wait = latency;
        if (!wait.isZero()) {
            Thread.sleep(wait);
        }
        EngineFault fault = faults.get(operation);
        if (fault == null || fault.remaining().getAndDecrement() <= 0) {
            return null;
        }
        if (fault.hang()) {
            synchronized (released) {
                while (faults.get(operation) == fault) {
                    released.wait();
                }
            }
            return null;
        }
        return new HollowFailure(fault.status(), fault.message());
    }
}
