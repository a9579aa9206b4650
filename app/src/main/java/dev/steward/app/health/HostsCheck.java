package dev.steward.app.health;

import dev.steward.model.HostStatus;
import dev.steward.store.HostRepository;
import dev.steward.store.HostRow;
import io.micronaut.scheduling.TaskExecutors;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.stream.Collectors;

/** At least one host is READY, as its last probe found it: there is somewhere to place pods. */
@Singleton
public class HostsCheck extends ReadinessCheck {

    /** Hosts named in the reason; the API lists them all. */
    private static final int SHOWN = 10;

    private final HostRepository hosts;

    public HostsCheck(HostRepository hosts, @Named(TaskExecutors.BLOCKING) ExecutorService blocking) {
        super("hosts", blocking);
        this.hosts = hosts;
    }

    @Override
    protected Verdict check() {
        List<HostRow> all = hosts.listOrderByName();
        List<String> ready = all.stream().filter(h -> h.status() == HostStatus.READY).map(HostRow::name).toList();
        String statuses = all.stream().limit(SHOWN).map(h -> h.name() + " " + h.status())
                .collect(Collectors.joining(", ")) + (all.size() > SHOWN ? ", ..." : "");
        if (ready.isEmpty()) {
            return Verdict.down(all.isEmpty() ? "no host is registered" : "no host is READY: " + statuses);
        }
        return Verdict.up(ready.size() + " of " + all.size() + " hosts READY: " + statuses);
    }
}
