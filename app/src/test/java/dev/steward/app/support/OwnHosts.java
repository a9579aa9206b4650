package dev.steward.app.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.steward.contract.HostActivities;
import dev.steward.model.HostCapacity;
import dev.steward.model.HostSpec;
import dev.steward.model.HostStatus;
import dev.steward.store.HostStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The hosts of one test: named {@code <prefix><run>-<suffix>} after a run id of its own, labelled
 * {@code run} and {@code name} so a selector can pick them out, and deleted when it closes.
 * Registered straight into the store, as another Steward process would, with no REST call and no
 * host workflow needed.
 */
public final class OwnHosts implements AutoCloseable {

    private final String prefix;
    private final String run = UUID.randomUUID().toString().substring(0, 8);
    private final HostStore store;
    private final HostActivities activities;
    private final List<String> names = new ArrayList<>();

    /** @param prefix one letter or so per test class, so a host left behind says whose it was */
    public OwnHosts(String prefix, HostStore store, HostActivities activities) {
        this.prefix = prefix;
        this.store = store;
        this.activities = activities;
    }

    /** The run id: for labels, selectors and other names that must be this test's alone. */
    public String run() {
        return run;
    }

    /** A host name of this run, deleted on close whoever registers it. */
    public String name(String suffix) {
        String name = prefix + run + "-" + suffix;
        names.add(name);
        return name;
    }

    /** A SQL {@code LIKE} pattern that matches every host name of this run. */
    public String namePattern() {
        return prefix + run + "-%";
    }

    /** Registers a host; returns its name. */
    public String register(String suffix, String endpoint, HostCapacity capacity) {
        String name = name(suffix);
        store.register(new HostSpec(name, endpoint, capacity, Map.of("run", run, "name", name), null)).orElseThrow();
        return name;
    }

    /** Registers a host on a real engine and probes it, so that it is READY; returns its name. */
    public String registerReady(String suffix, String endpoint, HostCapacity capacity) {
        String name = register(suffix, endpoint, capacity);
        probeReady(name);
        return name;
    }

    /** Probes a registered host, which must then be READY. */
    public void probeReady(String name) {
        assertEquals(HostStatus.READY, activities.recordProbe(UUID.randomUUID(), name, activities.probe(name)).to());
    }

    @Override
    public void close() {
        names.forEach(store::delete);
    }
}
