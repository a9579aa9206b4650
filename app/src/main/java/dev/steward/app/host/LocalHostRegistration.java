package dev.steward.app.host;

import dev.steward.activity.EngineConfig;
import dev.steward.activity.HostsConfig;
import dev.steward.store.HostStore;
import io.micronaut.context.event.StartupEvent;
import io.micronaut.runtime.event.annotation.EventListener;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A service that starts with no host registered gets its local engine as the first host. */
@Singleton
public class LocalHostRegistration {

    private static final Logger LOG = LoggerFactory.getLogger(LocalHostRegistration.class);

    private final HostStore store;
    private final HostsConfig hosts;
    private final EngineConfig engine;

    public LocalHostRegistration(HostStore store, HostsConfig hosts, EngineConfig engine) {
        this.store = store;
        this.hosts = hosts;
        this.engine = engine;
    }

    @EventListener
    public void onStartup(StartupEvent event) {
        if (store.registerFirst(hosts.localName(), engine.host())) {
            LOG.info("no host was registered: registered the local engine {} as host {}", engine.host(),
                    hosts.localName());
        }
    }
}
