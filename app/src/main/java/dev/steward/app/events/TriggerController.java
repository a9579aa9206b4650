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
import io.micronaut.http.annotation.Put;
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

/** Triggers: which events start, steer or end sessions. */
@ApiResponse(responseCode = "4XX", description = "Refused, nothing changed: a problem whose type is a page under /problems",
        content = @Content(mediaType = Problem.CONTENT_TYPE, schema = @Schema(implementation = Problem.class)))
@ApiResponse(responseCode = "5XX", description = "Not done: a problem whose type is a page under /problems",
        content = @Content(mediaType = Problem.CONTENT_TYPE, schema = @Schema(implementation = Problem.class)))
@Tag(name = "Triggers")
@ApiRoutes
@Controller("/api/v1/triggers")
@ExecuteOn(TaskExecutors.BLOCKING)
@Secured(Role.VIEWER_ROLE)
public class TriggerController {

    private final Triggers triggers;

    public TriggerController(Triggers triggers) {
        this.triggers = triggers;
    }

    @Operation(operationId = "createTrigger", summary = "Create a trigger",
            description = "Maps events that pass its `filter` (one filter in the Subscriptions API dialects, `sql` "
            + "included) to one `action`: `create-session` (from a `template` whose strings take `${...}` "
            + "placeholders from the event), `set-desired-status`, `move-timeslot` or `delete`, on the session the "
            + "event's `subject` (or the data field `session` names) addresses. `201`; a bad filter, action or "
            + "placeholder is a `422` naming each field.")
    @Post
    @Secured(Role.OPERATOR_ROLE)
    public HttpResponse<TriggerSpec> create(@Body @Nullable TriggerSpec spec) {
        TriggerSpec created = triggers.create(spec);
        return HttpResponse.created(created, UriBuilder.of("/api/v1/triggers").path(created.name()).build());
    }

    @Operation(operationId = "listTriggers", summary = "List triggers",
            description = "Every trigger, by name; every trigger an event matches acts, in name order.")
    @Get
    public List<TriggerSpec> list() {
        return triggers.list();
    }

    @Operation(operationId = "getTrigger", summary = "Read a trigger",
            description = "One trigger, as created.")
    @Get("/{name}")
    public TriggerSpec get(String name) {
        return triggers.get(name);
    }

    @Operation(operationId = "replaceTrigger", summary = "Replace a trigger",
            description = "Replaces the trigger's filter, action and arguments whole; it is checked as a new one "
            + "is.")
    @Put("/{name}")
    @Secured(Role.OPERATOR_ROLE)
    public TriggerSpec replace(String name, @Body @Nullable TriggerSpec spec) {
        return triggers.replace(name, spec);
    }

    @Operation(operationId = "deleteTrigger", summary = "Delete a trigger",
            description = "`204`: events no longer act through it.")
    @Delete("/{name}")
    @Secured(Role.OPERATOR_ROLE)
    public HttpResponse<Void> delete(String name) {
        triggers.delete(name);
        return HttpResponse.noContent();
    }
}
