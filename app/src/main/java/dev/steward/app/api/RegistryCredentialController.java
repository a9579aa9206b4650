package dev.steward.app.api;

import dev.steward.app.auth.Role;
import dev.steward.app.http.ApiRoutes;
import dev.steward.app.http.problem.Problem;
import dev.steward.app.registry.RegistryCredentialRequest;
import dev.steward.app.registry.RegistryCredentialService;
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

/** Credentials for pulling images from registries; their secrets go in and never come out. */
@ApiResponse(responseCode = "4XX", description = "Refused, nothing changed: a problem whose type is a page under /problems",
        content = @Content(mediaType = Problem.CONTENT_TYPE, schema = @Schema(implementation = Problem.class)))
@ApiResponse(responseCode = "5XX", description = "Not done: a problem whose type is a page under /problems",
        content = @Content(mediaType = Problem.CONTENT_TYPE, schema = @Schema(implementation = Problem.class)))
@Tag(name = "Registry credentials")
@ApiRoutes
@Controller("/api/v1/registry-credentials")
@ExecuteOn(TaskExecutors.BLOCKING)
@Secured(Role.VIEWER_ROLE)
public class RegistryCredentialController {

    private final RegistryCredentialService credentials;

    public RegistryCredentialController(RegistryCredentialService credentials) {
        this.credentials = credentials;
    }

    /** 201, also when it replaces the registry's earlier credentials. */
    @Operation(operationId = "registerRegistryCredentials", summary = "Register a registry's credentials",
            description = "`{registry, username, password}` or `{registry, username, token}`, used to pull every "
            + "image whose reference names that registry; they replace the registry's earlier credentials. The "
            + "password or token is encrypted before it is stored and never shown. `201` with a `Location` header.")
    @Post
    @Secured(Role.OPERATOR_ROLE)
    public HttpResponse<RegistryCredentialView> register(@Body @Nullable RegistryCredentialRequest request) {
        RegistryCredentialView registered = RegistryCredentialView.of(credentials.register(request));
        return HttpResponse.created(registered,
                UriBuilder.of("/api/v1/registry-credentials").path(registered.registry()).build());
    }

    @Operation(operationId = "listRegistryCredentials", summary = "List registry credentials",
            description = "Every registry's credentials: `{registry, username, kind, createdAt, updatedAt}`, "
            + "`kind` being `password` or `token`; never the secret.")
    @Get
    public List<RegistryCredentialView> list() {
        return credentials.list().stream().map(RegistryCredentialView::of).toList();
    }

    @Operation(operationId = "getRegistryCredentials", summary = "Read a registry's credentials",
            description = "One registry's credentials, as listed.")
    @Get("/{registry}")
    public RegistryCredentialView get(String registry) {
        return RegistryCredentialView.of(credentials.get(registry));
    }

    @Operation(operationId = "deleteRegistryCredentials", summary = "Delete a registry's credentials",
            description = "`204`: images of that registry are pulled without credentials from then on.")
    @Delete("/{registry}")
    @Secured(Role.OPERATOR_ROLE)
    public HttpResponse<Void> delete(String registry) {
        credentials.delete(registry);
        return HttpResponse.noContent();
    }
}
