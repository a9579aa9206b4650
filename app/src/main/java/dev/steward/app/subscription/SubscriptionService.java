package dev.steward.app.subscription;

import dev.steward.app.refusal.InvalidRequest;
import dev.steward.app.refusal.NotFound;
import dev.steward.cloudevents.CloudEventFilters;
import dev.steward.cloudevents.InvalidCloudEventFilter;
import dev.steward.model.FieldError;
import dev.steward.store.ContentMode;
import dev.steward.store.OutboxRepository;
import dev.steward.store.SealedFor;
import dev.steward.store.SecretCipher;
import dev.steward.store.SubscriptionRepository;
import dev.steward.store.SubscriptionRow;
import dev.steward.store.SubscriptionStatus;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.type.Argument;
import io.micronaut.serde.ObjectMapper;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * Subscriptions: checks what clients write and keeps it with its delivery state. A new subscription gets
 * the events recorded from its creation on; its sink is asked first (the handshake, see {@link SinkClient}).
 * A sink must be one {@link SinkPolicy} allows; its access token is stored encrypted. Where delivery stands
 * is shown to every reader, but what the sink answered (which tells of the network behind it) only to
 * operators.
 */
@Singleton
public class SubscriptionService {

    static final String PROTOCOL = "HTTP";
    static final String ACCESS_TOKEN = "ACCESSTOKEN";
    /** What a reader below OPERATOR sees of the last error. */
    static final String ERROR_WITHHELD = "the last attempt failed; what the sink answered is shown to operators";

    private final SubscriptionRepository subscriptions;
    private final OutboxRepository outbox;
    private final ObjectMapper json;
    private final SinkPolicy sinks;
    private final SecretCipher cipher;

    public SubscriptionService(SubscriptionRepository subscriptions, OutboxRepository outbox, ObjectMapper json,
            SinkPolicy sinks, SecretCipher cipher) {
        this.subscriptions = subscriptions;
        this.outbox = outbox;
        this.json = json;
        this.sinks = sinks;
        this.cipher = cipher;
    }

    public SubscriptionView create(SubscriptionRequest request) {
        Checked checked = check(request);
        Instant now = Instant.now();
        UUID id = UUID.randomUUID();
        SubscriptionRow row = subscriptions.save(new SubscriptionRow(id, checked.sink(), checked.mode(),
                checked.filters(), encrypted(id, checked.accessToken()), null, SubscriptionStatus.VALIDATING, null,
                outbox.lastPosition(), 0, now, now, null, null, null, null, now, now));
        return view(row, true);
    }

    /**
     * Subscriptions carry every owner's events and belong to none: a reader limited to one owner finds none.
     *
     * @param owner the owner the reader is limited to; {@code null} for a reader of every owner
     * @param errorDetail whether the reader may see what the sinks answered (an operator)
     */
    public List<SubscriptionView> list(@Nullable String owner, boolean errorDetail) {
        return owner != null ? List.of()
                : subscriptions.listOldestFirst().stream().map(row -> view(row, errorDetail)).toList();
    }

    /**
     * @param owner the owner the reader is limited to, who finds none (404); {@code null} for a reader of every owner
     * @param errorDetail whether the reader may see what the sink answered (an operator)
     */
    public SubscriptionView get(UUID id, @Nullable String owner, boolean errorDetail) {
        if (owner != null) {
            throw notFound(id);
        }
        return view(find(id), errorDetail);
    }

    /** Replaces the settings; the delivery state stays, so no event is lost or sent twice by the change. */
    public SubscriptionView update(UUID id, SubscriptionRequest request) {
        Checked checked = check(request);
        SubscriptionRow current = find(id);
        boolean kept = request.sinkcredential() == null;
        if (subscriptions.updateConfig(id, checked.sink(), checked.mode().name(), checked.filters(),
                kept ? current.accessTokenEncrypted() : encrypted(id, checked.accessToken()),
                kept ? current.accessTokenUnencrypted() : null, Instant.now()) == 0) {
            throw notFound(id);
        }
        return view(find(id), true);
    }

    private @Nullable byte[] encrypted(UUID id, @Nullable String accessToken) {
        return accessToken == null ? null : cipher.encrypt(accessToken, SealedFor.subscriptionToken(id));
    }

    public void delete(UUID id) {
        if (subscriptions.delete(id) == 0) {
            throw notFound(id);
        }
    }

    private SubscriptionRow find(UUID id) {
        return subscriptions.findById(id).orElseThrow(() -> notFound(id));
    }

    private static NotFound notFound(UUID id) {
        return new NotFound("subscription " + id);
    }

    private record Checked(String sink, ContentMode mode, String filters, String accessToken) {}

    private Checked check(SubscriptionRequest request) {
        if (request == null) {
            throw new InvalidRequest(new FieldError("", "a subscription is required"));
        }
        List<FieldError> errors = new ArrayList<>();
        checkSink(request.sink(), errors);
        if (request.protocol() != null && !PROTOCOL.equals(request.protocol())) {
            errors.add(new FieldError("protocol", "must be HTTP"));
        }
        List<Object> filters = request.filters() == null ? List.of() : request.filters();
        if (!filters.isEmpty()) {
            try {
                CloudEventFilters.parseArray(filters, "filters");
            } catch (InvalidCloudEventFilter e) {
                errors.addAll(e.errors());
            }
        }
        ContentMode mode = contentMode(request.config(), errors);
        String token = accessToken(request.sinkcredential(), errors);
        InvalidRequest.rejectIfAny(errors);
        return new Checked(request.sink(), mode, write(filters), token);
    }

    private void checkSink(String sink, List<FieldError> errors) {
        if (sink == null || sink.isBlank()) {
            errors.add(new FieldError("sink", "is required: the URL events are sent to"));
            return;
        }
        try {
            URI uri = new URI(sink);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null || uri.getUserInfo() != null
                    || uri.getFragment() != null) {
                errors.add(new FieldError("sink", "must be an absolute http or https URL with a host, no user "
                        + "information and no fragment"));
            } else {
                sinks.admit(uri);
            }
        } catch (SinkNotAllowed refused) {
            errors.add(new FieldError("sink", refused.getMessage()));
        } catch (URISyntaxException e) {
            errors.add(new FieldError("sink", "is not a URL: " + e.getReason()));
        }
    }

    private static ContentMode contentMode(SubscriptionConfig config, List<FieldError> errors) {
        if (config == null || config.contentmode() == null) {
            return ContentMode.BINARY;
        }
        return switch (config.contentmode()) {
            case "binary" -> ContentMode.BINARY;
            case "structured" -> ContentMode.STRUCTURED;
            default -> {
                errors.add(new FieldError("config.contentmode", "must be binary or structured"));
                yield ContentMode.BINARY;
            }
        };
    }

    private static String accessToken(SinkCredential credential, List<FieldError> errors) {
        if (credential == null) {
            return null;
        }
        if (!ACCESS_TOKEN.equals(credential.credentialtype())) {
            errors.add(new FieldError("sinkcredential.credentialtype", "must be ACCESSTOKEN"));
        }
        String token = credential.accesstoken();
        // The token goes into a header: printable ASCII only, so it cannot end the header or add another.
        if (token == null || token.isBlank() || !token.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
            errors.add(new FieldError("sinkcredential.accesstoken", "must be a non-empty token of printable ASCII "
                    + "characters without spaces"));
            return null;
        }
        return token;
    }

    private SubscriptionView view(SubscriptionRow row, boolean errorDetail) {
        return new SubscriptionView(row.id(), row.sink(), PROTOCOL, read(row.filters()),
                new SubscriptionConfig(row.contentMode().name().toLowerCase(Locale.ROOT)),
                row.hasAccessToken() ? new SinkCredentialView(ACCESS_TOKEN) : null, row.status(), row.attempts(),
                row.lastSuccessAt(), row.lastError() == null || errorDetail ? row.lastError() : ERROR_WITHHELD,
                row.lastErrorAt(),
                row.attempts() == 0 ? null : row.nextAttemptAt(), row.createdAt());
    }

    private String write(List<Object> filters) {
        try {
            return json.writeValueAsString(filters);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private List<Object> read(String filters) {
        try {
            return json.readValue(filters, Argument.listOf(Object.class));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
