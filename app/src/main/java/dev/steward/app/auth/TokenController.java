package dev.steward.app.auth;

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
import java.util.List;

/** The API's tokens, for admins only; off the event loop, because every call reaches PostgreSQL. */
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

    @Delete("/{name}")
    public HttpResponse<Void> deleteToken(String name) {
        tokens.delete(name);
        return HttpResponse.noContent();
    }
}
