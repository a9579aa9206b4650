package dev.steward.app.auth;

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
import io.micronaut.security.authentication.Authentication;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;

/**
 * The API's tokens, for admins only, except {@code /me}, which any caller may ask about its own token;
 * off the event loop, because the others reach PostgreSQL.
 */
@ApiResponse(responseCode = "4XX", description = "Refused, nothing changed: a problem whose type is a page under /problems",
        content = @Content(mediaType = Problem.CONTENT_TYPE, schema = @Schema(implementation = Problem.class)))
@ApiResponse(responseCode = "5XX", description = "Not done: a problem whose type is a page under /problems",
        content = @Content(mediaType = Problem.CONTENT_TYPE, schema = @Schema(implementation = Problem.class)))
@Tag(name = "Tokens")
@ApiRoutes
@Controller("/api/v1/tokens")
@ExecuteOn(TaskExecutors.BLOCKING)
@Secured(Role.ADMIN_ROLE)
public class TokenController {

    private final TokenService tokens;

    public TokenController(TokenService tokens) {
        this.tokens = tokens;
    }

    /** 201 with the secret, which no later answer shows again. */
    @Operation(operationId = "createToken", summary = "Create a token",
            description = "`{name, role, owner}`, role `VIEWER`, `USER`, `OPERATOR` or `ADMIN`: `201` with `{name, "
            + "role, owner, createdAt, token}`, where `token` is the secret, shown this once (Steward keeps its "
            + "SHA-256 only). `name` is a DNS label (`409` when taken); `owner` is required for a `USER` token and "
            + "refused for the others.")
    @Post
    public HttpResponse<CreatedToken> createToken(@Body @Nullable TokenRequest request) {
        CreatedToken created = tokens.create(request);
        return HttpResponse.created(created, UriBuilder.of("/api/v1/tokens").path(created.name()).build());
    }

    @Operation(operationId = "listTokens", summary = "List tokens",
            description = "Every token by name: `{name, role, owner, createdAt}`; never a secret.")
    @Get
    public List<TokenView> listTokens() {
        return tokens.list();
    }

    /** The caller's own token, so a client (the dashboard) knows what its role lets it do. */
    @Operation(operationId = "getOwnToken", summary = "Read the caller's own token",
            description = "`{name, role, owner}` of the token this request carries, so a client (the dashboard) "
            + "knows what it may do; never a secret.")
    @Get("/me")
    @Secured(Role.VIEWER_ROLE)
    public CallerView getOwnToken(Authentication caller) {
        return CallerView.of(Caller.of(caller));
    }

    @Operation(operationId = "deleteToken", summary = "Delete a token",
            description = "`204`; the token is refused from the next request on.")
    @Delete("/{name}")
    public HttpResponse<Void> deleteToken(String name) {
        tokens.delete(name);
        return HttpResponse.noContent();
    }
}
