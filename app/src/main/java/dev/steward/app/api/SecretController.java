package dev.steward.app.api;

import dev.steward.app.auth.Role;
import dev.steward.app.auth.SessionAccess;
import dev.steward.app.http.ApiRoutes;
import dev.steward.app.http.problem.Problem;
import dev.steward.app.secret.SecretRequest;
import dev.steward.app.secret.SecretService;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Post;
import io.micronaut.http.annotation.Put;
import io.micronaut.http.annotation.QueryValue;
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

/** Secrets pods' env takes values from, each its owner's; their values go in and never come out. */
@ApiResponse(responseCode = "4XX", description = "Refused, nothing changed: a problem whose type is a page under /problems",
        content = @Content(mediaType = Problem.CONTENT_TYPE, schema = @Schema(implementation = Problem.class)))
@ApiResponse(responseCode = "5XX", description = "Not done: a problem whose type is a page under /problems",
        content = @Content(mediaType = Problem.CONTENT_TYPE, schema = @Schema(implementation = Problem.class)))
@Tag(name = "Secrets")
@ApiRoutes
@Controller("/api/v1/secrets")
@ExecuteOn(TaskExecutors.BLOCKING)
@Secured(Role.VIEWER_ROLE)
public class SecretController {

    private final SecretService secrets;
    private final SessionAccess access;

    public SecretController(SecretService secrets, SessionAccess access) {
        this.secrets = secrets;
        this.access = access;
    }

    /** Creates a secret for the body's owner (a USER token's own when left out). */
    @Operation(operationId = "createSecret", summary = "Create a secret",
            description = "`{owner, name, data}`: key/values that the `env` of the owner's pods references "
            + "(`{\"valueFrom\": {\"secret\": name, \"key\": key}}`), encrypted before they are stored. `201` with "
            + "`{owner, name, version, createdAt, updatedAt}`, never a value. `409` when the owner has a secret of "
            + "that name.")
    @Post
    @Secured(Role.USER_ROLE)
    public HttpResponse<SecretView> create(@Body @Nullable SecretRequest request, Authentication caller) {
        String owner = access.ownerFor(caller, request == null ? null : request.owner(), "secrets");
        SecretView created = SecretView.of(secrets.create(owner, request));
        return HttpResponse.created(created, UriBuilder.of("/api/v1/secrets").path(created.name())
                .queryParam("owner", created.owner()).build());
    }

    /** Every owner's secrets, or only {@code owner}'s; a token limited to an owner lists its own only. */
    @Operation(operationId = "listSecrets", summary = "List secrets",
            description = "Secrets by owner and name, with their versions, or only `owner`'s; never a value.")
    @Get
    public List<SecretView> list(@QueryValue @Nullable String owner, Authentication caller) {
        return secrets.list(access.ownerFor(caller, owner, "secrets")).stream().map(SecretView::of).toList();
    }

    /** Rotates the owner's secret: new key/values under the next version; the pods using it are replaced. */
    @Operation(operationId = "rotateSecret", summary = "Rotate a secret",
            description = "Stores new `data` under the next `version` (`?owner=` names the owner). The pods of the "
            + "owner's live sessions that use the secret are replaced (rolling, where they have a readiness check) "
            + "and take the new value.")
    @Put("/{name}")
    @Secured(Role.USER_ROLE)
    public SecretView rotate(String name, @QueryValue @Nullable String owner, @Body @Nullable SecretRequest request,
            Authentication caller) {
        return SecretView.of(secrets.rotate(access.ownerFor(caller, owner, "secret " + name), name, request));
    }

    @Operation(operationId = "deleteSecret", summary = "Delete a secret",
            description = "`204`; `409` while a live session of its owner uses it.")
    @Delete("/{name}")
    @Secured(Role.USER_ROLE)
    public HttpResponse<Void> delete(String name, @QueryValue @Nullable String owner, Authentication caller) {
        secrets.delete(access.ownerFor(caller, owner, "secret " + name), name);
        return HttpResponse.noContent();
    }
}
