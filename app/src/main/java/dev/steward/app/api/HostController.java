package dev.steward.app.api;

import dev.steward.app.auth.Role;
import dev.steward.app.host.HostChange;
import dev.steward.app.host.HostService;
import dev.steward.app.http.ApiRoutes;
import dev.steward.app.http.problem.Problem;
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
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;

/** The host registry over HTTP; off the event loop, because every call reaches PostgreSQL or Temporal. */
@ApiResponse(responseCode = "4XX", description = "Refused, nothing changed: a problem whose type is a page under /problems",
        content = @Content(mediaType = Problem.CONTENT_TYPE, schema = @Schema(implementation = Problem.class)))
@ApiResponse(responseCode = "5XX", description = "Not done: a problem whose type is a page under /problems",
        content = @Content(mediaType = Problem.CONTENT_TYPE, schema = @Schema(implementation = Problem.class)))
@Tag(name = "Hosts")
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
    @Operation(operationId = "registerHost", summary = "Register a host",
            description = "A container engine Steward may place pods on: `name` (a DNS label), `endpoint` "
            + "(`unix:///path` or `tcp://host:port`, one the allow-list `steward.hosts.access.allowed-endpoints` "
            + "permits), and optionally `capacity`, `labels` and `tls`. `201` with a `Location` header; the host's "
            + "workflow starts probing it. A name that is taken is a `409`.")
    @Post
    public HttpResponse<HostView> registerHost(@Body @Nullable HostSpec spec) {
        HostView created = HostView.of(hosts.register(spec));
        return HttpResponse.created(created, UriBuilder.of("/api/v1/hosts").path(created.name()).build());
    }

    @Operation(operationId = "listHosts", summary = "List hosts",
            description = "Every host by name: its endpoint, status and reason, the last probe (engine and API "
            + "version, container count), its switches, placed pods, and used and free capacity (`null` capacity "
            + "fields are unlimited).")
    @Get
    public List<HostView> listHosts() {
        return hosts.list().stream().map(HostView::of).toList();
    }

    @Operation(operationId = "getHost", summary = "Read a host",
            description = "One host, as listed. With the Temporal UI configured, a `Link` header "
            + "(`rel=\"temporal-workflow\"`) points at the host's workflow there.")
    @Get("/{name}")
    public HttpResponse<HostView> getHost(String name) {
        return links.to(HttpResponse.ok(HostView.of(hosts.get(name))), WorkflowIds.host(name));
    }

    @Secured(Role.OPERATOR_ROLE)
    @Operation(operationId = "changeHost", summary = "Change a host",
            description = "`enabled`, `draining`, `capacity` and/or `labels`: absent fields stay as they are, "
            + "`capacity` and `labels` are replaced whole. Draining moves the host's workers to other hosts one at "
            + "a time without their leaving `READY`; disabling stops its pods and places them on other hosts.")
    @Put("/{name}")
    public HostView changeHost(String name, @Body @Nullable HostChange change) {
        return HostView.of(hosts.change(name, change));
    }

    /** 204 when all is done; 202 when the host is deleted but Temporal did not end its workflow in time. */
    @Secured(Role.OPERATOR_ROLE)
    @Operation(operationId = "deleteHost", summary = "Delete a host",
            description = "`204`; `202` with a note when the host is deleted but Temporal did not end its workflow "
            + "in time (the workers' next refresh does). A host with pods placed on it is a `409`.")
    @Delete("/{name}")
    public HttpResponse<Pending> deleteHost(String name) {
        return switch (hosts.delete(name)) {
            case COMPLETE -> HttpResponse.noContent();
            case WORKFLOW_END_PENDING -> HttpResponse.accepted().body(new Pending("host " + name
                    + " is deleted; Temporal did not answer in time, so its workflow is ended by the workers' next"
                    + " refresh once Temporal answers"));
        };
    }

    @Operation(operationId = "listHostTransitions", summary = "List the host's transitions",
            description = "Every status change of the host, oldest first: `{occurredAt, from, to, reason, "
            + "message}`.")
    @Get("/{name}/transitions")
    public List<HostTransitionView> hostTransitions(String name) {
        return hosts.transitions(name).stream().map(HostTransitionView::of).toList();
    }
}
