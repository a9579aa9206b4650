package dev.steward.app.auth;

import dev.steward.app.api.Problem;
import dev.steward.app.http.ApiRoutes;
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
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import java.util.List;

/**
 * The API's tokens, for admins only, except {@code /me}, which any caller may ask about its own token;
 * off the event loop, because the others reach PostgreSQL.
 */
@ApiResponse(responseCode = "4XX", description = "Refused, nothing changed: a problem whose type is a page under /problems",
        content = @Content(mediaType = Problem.CONTENT_TYPE, schema = @Schema(implementation = Problem.class)))
@ApiResponse(responseCode = "5XX", description = "Not done: a problem whose type is a page under /problems",
        content = @Content(mediaType = Problem.CONTENT_TYPE, schema = @Schema(implementation = Problem.class)))
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
    @Post
    public HttpResponse<CreatedToken> createToken(@Body @Nullable TokenRequest request) {
        CreatedToken created = tokens.create(request);
        return HttpResponse.created(created, UriBuilder.of("/api/v1/tokens").path(created.name()).build());
    }

    @Get
    public List<TokenView> listTokens() {
        return tokens.list();
    }

    /** The caller's own token, so a client (the dashboard) knows what its role lets it do. */
    @Get("/me")
    @Secured(Role.VIEWER_ROLE)
    public CallerView getOwnToken(Authentication caller) {
        return CallerView.of(Caller.of(caller));
    }

    @Delete("/{name}")
    public HttpResponse<Void> deleteToken(String name) {
        tokens.delete(name);
        return HttpResponse.noContent();
    }
}
