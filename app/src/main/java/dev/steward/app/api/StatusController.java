package dev.steward.app.api;

import dev.steward.app.auth.Role;
import dev.steward.app.http.ApiRoutes;
import dev.steward.app.http.problem.Problem;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.security.annotation.Secured;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;

@ApiResponse(responseCode = "4XX", description = "Refused, nothing changed: a problem whose type is a page under /problems",
        content = @Content(mediaType = Problem.CONTENT_TYPE, schema = @Schema(implementation = Problem.class)))
@ApiResponse(responseCode = "5XX", description = "Not done: a problem whose type is a page under /problems",
        content = @Content(mediaType = Problem.CONTENT_TYPE, schema = @Schema(implementation = Problem.class)))
@Tag(name = "Statuses")
@ApiRoutes
@Controller("/api/v1/statuses")
@Secured(Role.VIEWER_ROLE)
public class StatusController {

    @Operation(operationId = "listStatuses", summary = "List every status and reason",
            description = "The statuses of sessions (desired and observed), parts, pods and hosts, and `reasons`: "
            + "every reason Steward records, with its `code`, `meaning` and `subjects` (what it is given to).")
    @Get
    public StatusCatalog statuses() {
        return StatusCatalog.ALL;
    }
}
