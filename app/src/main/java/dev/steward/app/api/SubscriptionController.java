package dev.steward.app.api;

import dev.steward.app.auth.Role;
import dev.steward.app.auth.SessionAccess;
import dev.steward.app.http.ApiRoutes;
import dev.steward.app.subscription.SubscriptionService;
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
import io.micronaut.security.authentication.Authentication;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import java.util.List;
import java.util.UUID;

/** Subscriptions to status events (CloudEvents Subscriptions API); off the event loop: every call reaches PostgreSQL. */
@ApiResponse(responseCode = "4XX", description = "Refused, nothing changed: a problem whose type is a page under /problems",
        content = @Content(mediaType = Problem.CONTENT_TYPE, schema = @Schema(implementation = Problem.class)))
@ApiResponse(responseCode = "5XX", description = "Not done: a problem whose type is a page under /problems",
        content = @Content(mediaType = Problem.CONTENT_TYPE, schema = @Schema(implementation = Problem.class)))
@ApiRoutes
@Controller("/api/v1/subscriptions")
@ExecuteOn(TaskExecutors.BLOCKING)
@Secured(Role.VIEWER_ROLE)
public class SubscriptionController {

    private final SubscriptionService subscriptions;
    private final SessionAccess access;

    public SubscriptionController(SubscriptionService subscriptions, SessionAccess access) {
        this.subscriptions = subscriptions;
        this.access = access;
    }

    @Post
    @Secured(Role.OPERATOR_ROLE)
    public HttpResponse<SubscriptionView> create(@Body @Nullable SubscriptionRequest request) {
        SubscriptionView created = subscriptions.create(request);
        return HttpResponse.created(created,
                UriBuilder.of("/api/v1/subscriptions").path(created.id().toString()).build());
    }

    @Get
    public List<SubscriptionView> list(Authentication caller) {
        return subscriptions.list(access.scope(caller));
    }

    @Get("/{id}")
    public SubscriptionView get(UUID id, Authentication caller) {
        return subscriptions.get(id, access.scope(caller));
    }

    @Put("/{id}")
    @Secured(Role.OPERATOR_ROLE)
    public SubscriptionView update(UUID id, @Body @Nullable SubscriptionRequest request) {
        return subscriptions.update(id, request);
    }

    @Delete("/{id}")
    @Secured(Role.OPERATOR_ROLE)
    public HttpResponse<Void> delete(UUID id) {
        subscriptions.delete(id);
        return HttpResponse.noContent();
    }
}
