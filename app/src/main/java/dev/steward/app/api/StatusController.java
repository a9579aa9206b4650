package dev.steward.app.api;

import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;

@Controller("/api/v1/statuses")
public class StatusController {

    @Get
    public StatusCatalog statuses() {
        return StatusCatalog.ALL;
    }
}
