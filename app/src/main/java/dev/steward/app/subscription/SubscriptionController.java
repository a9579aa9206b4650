package dev.steward.app.subscription;

import dev.steward.app.auth.Role;
import dev.steward.app.auth.SessionAccess;
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
import io.micronaut.security.authentication.Authentication;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;
import java.util.UUID;

/** Subscriptions to status events (CloudEvents Subscriptions API); off the event loop: every call reaches PostgreSQL. */
@ApiResponse(responseCode = "4XX", description = "Refused, nothing changed: a problem whose type is a page under /problems",
        content = @Content(mediaType = Problem.CONTENT_TYPE, schema = @Schema(implementation = Problem.class)))
@ApiResponse(responseCode = "5XX", description = "Not done: a problem whose type is a page under /problems",
        content = @Content(mediaType = Problem.CONTENT_TYPE, schema = @Schema(implementation = Problem.class)))
@Tag(name = "Subscriptions")
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

    @Operation(operationId = "createSubscription", summary = "Create a subscription",
            description = "Every status event that passes the subscription's `filters` (the CloudEvents "
            + "Subscriptions API dialects: `exact`, `prefix`, `suffix`, `all`, `any`, `not`, `sql`) is POSTed to "
            + "its `sink` as a CloudEvent, at least once and in order per session, once the sink has allowed it by "
            + "the Web Hooks handshake. `201` with a `Location` header. A `sinkcredential` is sent as the bearer "
            + "token of every delivery, stored encrypted and never shown. A `sink` on a loopback, private, "
            + "link-local or other internal address (or a name that resolves to one) is a `422` unless "
            + "`steward.subscriptions.allowed-sinks` allows it; once that is set, only sinks matching it are allowed.")
    @Post
    @Secured(Role.OPERATOR_ROLE)
    public HttpResponse<SubscriptionView> create(@Body @Nullable SubscriptionRequest request) {
        SubscriptionView created = subscriptions.create(request);
        return HttpResponse.created(created,
                UriBuilder.of("/api/v1/subscriptions").path(created.id().toString()).build());
    }

    @Operation(operationId = "listSubscriptions", summary = "List subscriptions",
            description = "Every subscription, oldest first, with where its delivery stands: `status` "
            + "(`VALIDATING`, `ACTIVE`, `FAILING`), `failedAttempts`, `lastSuccessAt`, `lastError`, "
            + "`nextAttemptAt`. Never a token. `lastError` says what the sink answered to `OPERATOR` and `ADMIN` "
            + "tokens only; others read that the last attempt failed.")
    @Get
    public List<SubscriptionView> list(Authentication caller) {
        return subscriptions.list(access.scope(caller), errorDetail(caller));
    }

    @Operation(operationId = "getSubscription", summary = "Read a subscription",
            description = "The subscription's settings (never its token) and where its delivery stands; what the "
            + "sink answered (`lastError`) only to `OPERATOR` and `ADMIN` tokens.")
    @Get("/{id}")
    public SubscriptionView get(UUID id, Authentication caller) {
        return subscriptions.get(id, access.scope(caller), errorDetail(caller));
    }

    /** What a sink answered tells of the network behind it: operators see it, other readers do not. */
    private static boolean errorDetail(Authentication caller) {
        return caller.getRoles().contains(Role.OPERATOR_ROLE);
    }

    @Operation(operationId = "replaceSubscription", summary = "Replace a subscription's settings",
            description = "Its delivery goes on where it stands; without `sinkcredential` the stored one is kept. "
            + "A sink that changes is asked by the handshake again before the next delivery.")
    @Put("/{id}")
    @Secured(Role.OPERATOR_ROLE)
    public SubscriptionView update(UUID id, @Body @Nullable SubscriptionRequest request) {
        return subscriptions.update(id, request);
    }

    @Operation(operationId = "deleteSubscription", summary = "Delete a subscription",
            description = "`204`: nothing more is delivered to its sink.")
    @Delete("/{id}")
    @Secured(Role.OPERATOR_ROLE)
    public HttpResponse<Void> delete(UUID id) {
        subscriptions.delete(id);
        return HttpResponse.noContent();
    }
}
