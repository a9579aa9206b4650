package dev.steward.app.events;

import dev.steward.app.auth.Role;
import dev.steward.app.http.ApiRoutes;
import dev.steward.app.http.problem.Problem;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Post;
import io.micronaut.http.uri.UriBuilder;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;

/** The senders allowed to post events; a sender's token is in the answer to its registration only. */
@ApiResponse(responseCode = "4XX", description = "Refused, nothing changed: a problem whose type is a page under /problems",
        content = @Content(mediaType = Problem.CONTENT_TYPE, schema = @Schema(implementation = Problem.class)))
@ApiResponse(responseCode = "5XX", description = "Not done: a problem whose type is a page under /problems",
        content = @Content(mediaType = Problem.CONTENT_TYPE, schema = @Schema(implementation = Problem.class)))
@Tag(name = "Event sources")
@ApiRoutes
@Controller("/api/v1/event-sources")
@ExecuteOn(TaskExecutors.BLOCKING)
@Secured(Role.ADMIN_ROLE)
public class EventSourceController {

    private final EventSources sources;

    public EventSourceController(EventSources sources) {
        this.sources = sources;
    }

    @Operation(operationId = "registerEventSource", summary = "Register an event source",
            description = "A sender allowed to post events: the CloudEvents `source` it speaks for (`source`, one "
            + "URI) or a prefix of it (`sourcePrefix`), and the origins its handshake may name (`allowedOrigins`). "
            + "`201`; the answer carries the sender's token, shown this once.")
    @Post
    public HttpResponse<EventSourceView> register(@Body @Nullable EventSourceSpec spec) {
        EventSourceView registered = sources.register(spec);
        return HttpResponse.created(registered,
                UriBuilder.of("/api/v1/event-sources").path(registered.name()).build());
    }

    @Operation(operationId = "listEventSources", summary = "List event sources",
            description = "Every event source, registered over the API or from configuration; never a token.")
    @Get
    public List<EventSourceView> list() {
        return sources.list();
    }

    @Operation(operationId = "getEventSource", summary = "Read an event source",
            description = "One event source, as listed.")
    @Get("/{name}")
    public EventSourceView get(String name) {
        return sources.get(name);
    }

    @Operation(operationId = "deleteEventSource", summary = "Delete an event source",
            description = "`204`; its token is refused from then on. One from configuration cannot be deleted "
            + "(`409`).")
    @Delete("/{name}")
    public HttpResponse<Void> delete(String name) {
        sources.delete(name);
        return HttpResponse.noContent();
    }
}
