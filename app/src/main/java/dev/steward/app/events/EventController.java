package dev.steward.app.events;

import dev.steward.app.auth.Role;
import dev.steward.app.auth.SessionAccess;
import dev.steward.app.http.ApiRoutes;
import dev.steward.app.http.problem.Problem;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Header;
import io.micronaut.http.annotation.Options;
import io.micronaut.http.annotation.Post;
import io.micronaut.http.annotation.QueryValue;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.rules.SecurityRule;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * The CloudEvents webhook: deliveries in the HTTP binding's binary, structured and batch modes, the Web
 * Hooks abuse-protection handshake, and the stored events with what each did.
 */
@ApiResponse(responseCode = "4XX", description = "Refused, nothing changed: a problem whose type is a page under /problems",
        content = @Content(mediaType = Problem.CONTENT_TYPE, schema = @Schema(implementation = Problem.class)))
@ApiResponse(responseCode = "5XX", description = "Not done: a problem whose type is a page under /problems",
        content = @Content(mediaType = Problem.CONTENT_TYPE, schema = @Schema(implementation = Problem.class)))
@Tag(name = "CloudEvents in")
@ApiRoutes
@Controller("/api/v1/events")
@ExecuteOn(TaskExecutors.BLOCKING)
@Secured(Role.VIEWER_ROLE)
public class EventController {

    static final String REQUEST_ORIGIN = "WebHook-Request-Origin";
    static final String ALLOWED_ORIGIN = "WebHook-Allowed-Origin";
    static final String ALLOWED_RATE = "WebHook-Allowed-Rate";

    private final EventIngress ingress;
    private final EventLog log;
    private final SessionAccess access;
    private final EventSourceRates rates;

    public EventController(EventIngress ingress, EventLog log, SessionAccess access, EventSourceRates rates) {
        this.ingress = ingress;
        this.log = log;
        this.access = access;
        this.rates = rates;
    }

    /** 202 when some event was new (stored, to be acted on), 200 when every one was stored before. */
    @Operation(operationId = "deliverEvents", summary = "Deliver CloudEvents",
            description = "CloudEvents 1.0 in any mode of the HTTP binding: binary (`ce-*` headers, the data as "
            + "the body), structured (`application/cloudevents+json`) or batch "
            + "(`application/cloudevents-batch+json`), with the bearer token of an event source that speaks for "
            + "each event's `source`. Every event is stored, deduplicated by `source` and `id`, before the answer, "
            + "then acted on once: Steward's own types (`dev.steward.session.*`), triggers, and parts that await "
            + "it. `202` when some event was new, `200` when every one was a redelivery; an invalid event is a "
            + "`400` naming the attribute, and a batch with one is refused whole. A source that delivers faster "
            + "than its rate (`WebHook-Allowed-Rate`, a minute) is a `429` with `Retry-After`, and nothing is stored.")
    @Post
    @Secured(SecurityRule.IS_ANONYMOUS)
    @Consumes(MediaType.ALL)
    public HttpResponse<DeliveryAnswer> deliver(HttpRequest<?> request, @Body @Nullable byte[] body) {
        Map<String, String> headers = new HashMap<>();
        request.getHeaders().forEachValue((name, value) -> headers.putIfAbsent(name.toLowerCase(Locale.ROOT), value));
        DeliveryAnswer answer = ingress.receive(request.getHeaders().get(HttpHeaders.AUTHORIZATION),
                request.getHeaders().get(HttpHeaders.CONTENT_TYPE), headers, body == null ? new byte[0] : body);
        return HttpResponse.status(answer.accepted().isEmpty() ? HttpStatus.OK : HttpStatus.ACCEPTED).body(answer);
    }

    /**
     * The Web Hooks handshake: an origin that an event source allows (the one the token names, or any
     * when no token is given) is answered with {@code WebHook-Allowed-Origin}, and the deliveries a minute
     * each source may make as {@code WebHook-Allowed-Rate}.
     */
    @Operation(operationId = "eventsHandshake", summary = "Answer the Web Hooks handshake",
            description = "An `OPTIONS` request with `WebHook-Request-Origin`: `200` with `WebHook-Allowed-Origin` "
            + "and `WebHook-Allowed-Rate` (the deliveries a minute an event source may make, `steward.events.rate`) "
            + "when an event source (the token's, when one is sent) allows that origin, `403` without them otherwise.")
    @Options
    @Secured(SecurityRule.IS_ANONYMOUS)
    public HttpResponse<Void> handshake(@Header(REQUEST_ORIGIN) @Nullable String origin,
            @Header(HttpHeaders.AUTHORIZATION) @Nullable String authorization) {
        MutableHttpResponse<Void> answer = HttpResponse.<Void>ok().header(HttpHeaders.ALLOW, "POST, GET, OPTIONS");
        if (origin != null) {
            ingress.allowOrigin(authorization, origin);
            answer.header(ALLOWED_ORIGIN, origin).header(ALLOWED_RATE, String.valueOf(rates.perMinute()));
        }
        return answer;
    }

    /**
     * Stored events, newest first, with what each did: of sources acting for {@code owner} when given; a
     * token limited to an owner lists its own owner's only.
     */
    @Operation(operationId = "listEvents", summary = "List stored events",
            description = "Stored events, newest first, filtered by `source`, `type`, `session` and `owner` (a token limited to an owner gets its own owner's only), at most "
            + "`limit`: `{seq, source, id, type, subject, sender, owner, receivedAt, dispatchedAt, matched, outcome, "
            + "sessions}`, where `outcome` says what each effect did or why the event matched nothing.")
    @Get
    public List<EventView> list(@QueryValue @Nullable String source, @QueryValue @Nullable String type,
            @QueryValue @Nullable UUID session, @QueryValue @Nullable String owner,
            @QueryValue(defaultValue = "100") int limit, Authentication caller) {
        return log.find(source, type, session, access.ownerFor(caller, owner, "events"), limit);
    }
}
