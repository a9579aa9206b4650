package dev.steward.app.api;

import dev.steward.app.auth.Role;
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
import io.micronaut.http.uri.UriBuilder;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import java.util.List;

/** Secrets pods' env takes values from; their values go in and never come out. */
@ApiResponse(responseCode = "4XX", description = "Refused, nothing changed: a problem whose type is a page under /problems",
        content = @Content(mediaType = Problem.CONTENT_TYPE, schema = @Schema(implementation = Problem.class)))
@ApiResponse(responseCode = "5XX", description = "Not done: a problem whose type is a page under /problems",
        content = @Content(mediaType = Problem.CONTENT_TYPE, schema = @Schema(implementation = Problem.class)))
@Controller("/api/v1/secrets")
@ExecuteOn(TaskExecutors.BLOCKING)
@Secured(Role.VIEWER_ROLE)
public class SecretController {

    private final SecretService secrets;

    public SecretController(SecretService secrets) {
        this.secrets = secrets;
    }

    @Post
    @Secured(Role.OPERATOR_ROLE)
    public HttpResponse<SecretView> create(@Body @Nullable SecretRequest request) {
        SecretView created = SecretView.of(secrets.create(request));
        return HttpResponse.created(created, UriBuilder.of("/api/v1/secrets").path(created.name()).build());
    }

    @Get
    public List<SecretView> list() {
        return secrets.list().stream().map(SecretView::of).toList();
    }

    /** Rotates the secret: new key/values under the next version; the pods using it are replaced. */
    @Put("/{name}")
    @Secured(Role.OPERATOR_ROLE)
    public SecretView rotate(String name, @Body @Nullable SecretRequest request) {
        return SecretView.of(secrets.rotate(name, request));
    }

    @Delete("/{name}")
    @Secured(Role.OPERATOR_ROLE)
    public HttpResponse<Void> delete(String name) {
        secrets.delete(name);
        return HttpResponse.noContent();
    }
}
