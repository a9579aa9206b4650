package dev.steward.app.api;

import dev.steward.app.auth.Role;
import dev.steward.app.auth.SessionAccess;
import dev.steward.app.events.EventStreams;
import dev.steward.app.events.OpenStreams;
import dev.steward.app.http.ApiRoutes;
import dev.steward.app.http.problem.Problem;
import dev.steward.app.refusal.InvalidRequest;
import dev.steward.model.FieldError;
import dev.steward.store.OutboxRepository;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Header;
import io.micronaut.http.annotation.QueryValue;
import io.micronaut.http.sse.Event;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.authentication.Authentication;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.UUID;
import reactor.core.publisher.Flux;

/**
 * Status changes as server-sent events ({@code text/event-stream}): each event's data is the CloudEvent in
 * JSON, its id the number to resume after with {@code Last-Event-ID}.
 */
@ApiResponse(responseCode = "4XX", description = "Refused, nothing changed: a problem whose type is a page under /problems",
        content = @Content(mediaType = Problem.CONTENT_TYPE, schema = @Schema(implementation = Problem.class)))
@ApiResponse(responseCode = "5XX", description = "Not done: a problem whose type is a page under /problems",
        content = @Content(mediaType = Problem.CONTENT_TYPE, schema = @Schema(implementation = Problem.class)))
@Tag(name = "Status events")
@ApiRoutes
@Controller("/api/v1")
@ExecuteOn(TaskExecutors.BLOCKING)
@Secured(Role.VIEWER_ROLE)
public class EventStreamController {

    static final String LAST_EVENT_ID = "Last-Event-ID";

    private final EventStreams streams;
    private final SessionAccess access;
    private final OutboxRepository outbox;
    private final OpenStreams open;

    public EventStreamController(EventStreams streams, SessionAccess access, OutboxRepository outbox,
            OpenStreams open) {
        this.outbox = outbox;
        this.streams = streams;
        this.access = access;
        this.open = open;
    }

    /** One session's changes: its own, its parts' and its pods'; the id is the session's sequence number. */
    @Operation(operationId = "streamSessionEvents", summary = "Stream a session's status events",
            description = "Server-sent events (`text/event-stream`) of the session's changes, its own, its parts' "
            + "and its pods', from the first and then live. Each event's data is the CloudEvent in JSON "
            + "(structured mode), its id the session's sequence number: a client that reconnects with "
            + "`Last-Event-ID: n` (as a browser's `EventSource` does) gets exactly the changes after n. A token "
            + "holding `steward.streams.max-per-token` streams open, or a service holding `max-total`, answers `429`.")
    @Get(value = "/sessions/{id}/events", produces = MediaType.TEXT_EVENT_STREAM)
    public Flux<Event<String>> session(UUID id, @Header(LAST_EVENT_ID) @Nullable String lastEventId,
            Authentication caller) {
        long after = lastEventId(lastEventId);
        access.requireSession(caller, id);
        return open.open(caller.getName(), streams.session(id, after));
    }

    /**
     * Every change, or one owner's or one session's; the id is the position among all changes. Without
     * {@code Last-Event-ID} it starts with the next change. A token limited to an owner gets its own only
     * (host changes belong to no owner).
     */
    @Operation(operationId = "streamEvents", summary = "Stream every status event",
            description = "Server-sent events of every change of sessions, parts, pods and hosts, or of one "
            + "`owner`'s or one `session`'s. Each event's id is its position among all changes; without "
            + "`Last-Event-ID` the stream starts with the next change. Streams per token and in all are capped, "
            + "as for a session's stream (`429`).")
    @Get(value = "/events/stream", produces = MediaType.TEXT_EVENT_STREAM)
    public Flux<Event<String>> all(@QueryValue @Nullable String owner, @QueryValue @Nullable UUID session,
            @Header(LAST_EVENT_ID) @Nullable String lastEventId, Authentication caller) {
        String scoped = access.ownerFor(caller, owner, "events");
        long after = lastEventId == null || lastEventId.isEmpty() ? outbox.lastPosition() : lastEventId(lastEventId);
        return open.open(caller.getName(), streams.all(after, scoped, session));
    }

    private static long lastEventId(String header) {
        if (header == null || header.isEmpty()) {
            return 0;
        }
        try {
            long after = Long.parseLong(header);
            if (after >= 0) {
                return after;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new InvalidRequest(new FieldError(LAST_EVENT_ID, "must be the id of an event of this stream: a whole number, 0 or more"));
    }
}
