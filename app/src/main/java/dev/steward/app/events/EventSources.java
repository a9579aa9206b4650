package dev.steward.app.events;

import dev.steward.app.auth.TokenSecrets;
import dev.steward.app.refusal.Conflict;
import dev.steward.app.refusal.InvalidRequest;
import dev.steward.app.refusal.NotFound;
import dev.steward.config.ConfiguredEventSource;
import dev.steward.model.FieldError;
import dev.steward.model.Sha256;
import dev.steward.store.EventSourceRepository;
import dev.steward.store.EventSourceRow;
import io.micronaut.context.annotation.Context;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.exceptions.DataAccessException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The senders allowed to post events, each acting for an owner (or every owner), and their tokens.
 * Sources from configuration are written at startup (their token may change with the configuration);
 * the others come from the API, which shows a token once, at registration.
 */
@Context
public class EventSources {

    private static final Logger LOG = LoggerFactory.getLogger(EventSources.class);

    private final EventSourceRepository sources;

    public EventSources(EventSourceRepository sources, List<ConfiguredEventSource> configured) {
        this.sources = sources;
        configured.forEach(this::registerConfigured);
    }

    /** Registers a sender; the answer carries its token, which is never shown again. */
    public EventSourceView register(@Nullable EventSourceSpec spec) {
        if (spec == null) {
            throw new InvalidRequest(new FieldError("", "an event source is required"));
        }
        InvalidRequest.rejectIfAny(spec.validate());
        String token = TokenSecrets.newSecret(TokenSecrets.EVENT_SOURCE_PREFIX);
        EventSourceRow row = row(spec, Sha256.hex(token), false, Instant.now());
        try {
            if (sources.existsById(spec.name())) {
                throw new Conflict("event source " + spec.name() + " exists already");
            }
            sources.save(row);
        } catch (DataAccessException raced) {
            if (sources.existsById(spec.name())) {
                throw new Conflict("event source " + spec.name() + " exists already");
            }
            throw raced;
        }
        LOG.info("event source {} registered for {}{}, acting for {}", row.name(), row.source(),
                row.sourceIsPrefix() ? "*" : "", actingFor(spec));
        return EventSourceView.of(row, token);
    }

    public List<EventSourceView> list() {
        return sources.listOrderByName().stream().map(row -> EventSourceView.of(row, null)).toList();
    }

    public EventSourceView get(String name) {
        return EventSourceView.of(find(name), null);
    }

    public void delete(String name) {
        EventSourceRow row = find(name);
        if (row.configured()) {
            throw new Conflict("event source " + name + " comes from the service's configuration; remove it there");
        }
        sources.deleteById(name);
        LOG.info("event source {} deleted", name);
    }

    /** The sender a bearer token belongs to. */
    public Optional<EventSourceRow> authenticate(String token) {
        return sources.findByTokenHash(Sha256.hex(token));
    }

    /** Every origin some sender's handshake may name. */
    public List<EventSourceRow> all() {
        return sources.listOrderByName();
    }

    /** The sender of that name, when it is still registered. */
    Optional<EventSourceRow> named(String name) {
        return sources.findById(name);
    }

    private EventSourceRow find(String name) {
        return named(name).orElseThrow(() -> new NotFound("event source " + name));
    }

    private void registerConfigured(ConfiguredEventSource configured) {
        EventSourceSpec spec = new EventSourceSpec(configured.name(), configured.source(), configured.sourcePrefix(),
                configured.allowedOrigins(), configured.owner(), configured.allOwners(), configured.types(),
                configured.triggers());
        List<FieldError> errors = spec.validate();
        if (configured.token() == null || configured.token().length() < 16) {
            errors = new ArrayList<>(errors);
            errors.add(new FieldError("token", "is required: at least 16 characters"));
        }
        if (!errors.isEmpty()) {
            throw new IllegalStateException("steward.events.sources." + configured.name() + " is invalid: " + errors);
        }
        String tokenHash = Sha256.hex(configured.token());
        sources.findById(spec.name()).ifPresentOrElse(
                existing -> sources.update(row(spec, tokenHash, true, existing.createdAt())),
                () -> sources.save(row(spec, tokenHash, true, Instant.now())));
        LOG.info("event source {} registered from configuration, acting for {}", spec.name(), actingFor(spec));
    }

    private static String actingFor(EventSourceSpec spec) {
        return spec.actingOwner() == null ? "every owner" : "owner " + spec.actingOwner();
    }

    private static EventSourceRow row(EventSourceSpec spec, String tokenHash, boolean configured, Instant createdAt) {
        boolean prefix = spec.sourcePrefix() != null;
        return new EventSourceRow(spec.name(), prefix ? spec.sourcePrefix() : spec.source(), prefix,
                List.copyOf(spec.allowedOrigins()), tokenHash, configured, createdAt, spec.actingOwner(),
                List.copyOf(spec.types()), List.copyOf(spec.triggers()));
    }
}
