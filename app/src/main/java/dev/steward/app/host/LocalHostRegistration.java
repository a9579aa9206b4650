package dev.steward.app.host;

import dev.steward.app.temporal.HostWorkers;
import dev.steward.config.EngineConfig;
import dev.steward.config.HostsConfig;
import dev.steward.store.HostStore;
import io.micronaut.context.BeanProvider;
import io.micronaut.context.event.StartupEvent;
import io.micronaut.runtime.event.annotation.EventListener;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A service that starts with no host registered gets its local engine as the first host, unless
 * {@code steward.hosts.register-local} is off. Only
 * then do this process's workers (if it runs any) cover the registered hosts, so the local engine
 * gets its worker and workflow at startup, not a refresh later.
 */
@Singleton
public class LocalHostRegistration {

    private static final Logger LOG = LoggerFactory.getLogger(LocalHostRegistration.class);

    private final HostStore store;
    private final HostsConfig hosts;
    private final EngineConfig engine;
    private final BeanProvider<HostWorkers> workers;

    public LocalHostRegistration(HostStore store, HostsConfig hosts, EngineConfig engine,
            BeanProvider<HostWorkers> workers) {
        this.store = store;
        this.hosts = hosts;
        this.engine = engine;
        this.workers = workers;
    }

    @EventListener
    public void onStartup(StartupEvent event) {
        if (hosts.registerLocal() && store.registerFirst(hosts.localName(), engine.host())) {
            LOG.info("no host was registered: registered the local engine {} as host {}", engine.host(),
                    hosts.localName());
        }
        workers.ifPresent(HostWorkers::refresh);
    }
}
