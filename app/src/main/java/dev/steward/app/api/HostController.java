package dev.steward.app.api;

import dev.steward.app.auth.Role;
import dev.steward.app.host.HostChange;
import dev.steward.app.host.HostService;
import dev.steward.app.http.ApiRoutes;
import dev.steward.contract.WorkflowIds;
import dev.steward.model.HostSpec;
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

/** The host registry over HTTP; off the event loop, because every call reaches PostgreSQL or Temporal. */
@ApiResponse(responseCode = "4XX", description = "Refused, nothing changed: a problem whose type is a page under /problems",
        content = @Content(mediaType = Problem.CONTENT_TYPE, schema = @Schema(implementation = Problem.class)))
@ApiResponse(responseCode = "5XX", description = "Not done: a problem whose type is a page under /problems",
        content = @Content(mediaType = Problem.CONTENT_TYPE, schema = @Schema(implementation = Problem.class)))
@ApiRoutes
@Controller("/api/v1/hosts")
@Secured(Role.VIEWER_ROLE)
@ExecuteOn(TaskExecutors.BLOCKING)
public class HostController {

    private final HostService hosts;
    private final TemporalUiLinks links;

    public HostController(HostService hosts, TemporalUiLinks links) {
        this.hosts = hosts;
        this.links = links;
    }

    @Secured(Role.OPERATOR_ROLE)
    @Post
    public HttpResponse<HostView> registerHost(@Body @Nullable HostSpec spec) {
        HostView created = HostView.of(hosts.register(spec));
        return HttpResponse.created(created, UriBuilder.of("/api/v1/hosts").path(created.name()).build());
    }

    @Get
    public List<HostView> listHosts() {
        return hosts.list().stream().map(HostView::of).toList();
    }

    @Get("/{name}")
    public HttpResponse<HostView> getHost(String name) {
        return links.to(HttpResponse.ok(HostView.of(hosts.get(name))), WorkflowIds.host(name));
    }

    @Secured(Role.OPERATOR_ROLE)
    @Put("/{name}")
    public HostView changeHost(String name, @Body @Nullable HostChange change) {
        return HostView.of(hosts.change(name, change));
    }

    /** 204 when all is done; 202 when the host is deleted but Temporal did not end its workflow in time. */
    @Secured(Role.OPERATOR_ROLE)
    @Delete("/{name}")
    public HttpResponse<Pending> deleteHost(String name) {
        return switch (hosts.delete(name)) {
            case COMPLETE -> HttpResponse.noContent();
            case WORKFLOW_END_PENDING -> HttpResponse.accepted().body(new Pending("host " + name
                    + " is deleted; Temporal did not answer in time, so its workflow is ended by the workers' next"
                    + " refresh once Temporal answers"));
        };
    }

    @Get("/{name}/transitions")
    public List<HostTransitionView> hostTransitions(String name) {
        return hosts.transitions(name).stream().map(HostTransitionView::of).toList();
    }
}
