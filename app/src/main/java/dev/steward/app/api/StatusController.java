package dev.steward.app.api;

import dev.steward.app.auth.Role;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.security.annotation.Secured;

@Controller("/api/v1/statuses")
@Secured(Role.VIEWER_ROLE)
public class StatusController {

    @Get
    public StatusCatalog statuses() {
        return StatusCatalog.ALL;
    }
}
