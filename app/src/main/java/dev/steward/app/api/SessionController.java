package dev.steward.app.api;

import dev.steward.app.session.PodEndpoints;
import dev.steward.app.session.PodLogs;
import dev.steward.app.session.SessionList;
import dev.steward.app.session.SessionService;
import dev.steward.app.temporal.WorkflowHistories;
import dev.steward.model.SessionSpec;
import dev.steward.model.SessionStatus;
import dev.steward.contract.WorkflowIds;
import dev.steward.model.SessionView;
import dev.steward.model.Timeslot;
import dev.steward.workflow.part.PodAction;
import dev.steward.workflow.session.DesiredStatusChange;
import dev.steward.workflow.session.OperatorActionResult;
import dev.steward.workflow.session.TimeslotChange;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Post;
import io.micronaut.http.annotation.Put;
import io.micronaut.http.annotation.QueryValue;
import io.micronaut.http.uri.UriBuilder;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import java.util.List;
import java.util.UUID;
import reactor.core.publisher.Flux;

/** Sessions over HTTP; off the event loop, because every call reaches PostgreSQL or Temporal. */
@Controller("/api/v1/sessions")
@ExecuteOn(TaskExecutors.BLOCKING)
public class SessionController {

    private final SessionService sessions;
    private final TemporalUiLinks links;
    private final PodEndpoints endpoints;
    private final PodLogs logs;
    private final WorkflowHistories histories;

    public SessionController(SessionService sessions, TemporalUiLinks links, PodEndpoints endpoints, PodLogs logs,
            WorkflowHistories histories) {
        this.sessions = sessions;
        this.links = links;
        this.endpoints = endpoints;
        this.logs = logs;
        this.histories = histories;
    }

    @Post
    public HttpResponse<SessionView> create(@Body @Nullable SessionSpec spec) {
        SessionView created = sessions.create(spec);
        return HttpResponse.created(created, UriBuilder.of("/api/v1/sessions").path(created.id().toString()).build());
    }

    @Get
    public SessionPage list(@QueryValue @Nullable String owner, @QueryValue @Nullable SessionStatus status,
            @QueryValue(defaultValue = "0") int page, @QueryValue(defaultValue = "20") int size) {
        SessionList found = sessions.list(owner, status, page, size);
        return new SessionPage(found.items(), page, size, found.total());
    }

    @Get("/{id}")
    public HttpResponse<SessionView> get(UUID id) {
        return links.to(HttpResponse.ok(endpoints.fillIn(sessions.get(id))), WorkflowIds.session(id));
    }

    @Put("/{id}/desired-status")
    public HttpResponse<DesiredStatusChange> setDesiredStatus(UUID id, @Body @Nullable DesiredStatusRequest request) {
        return HttpResponse.accepted().body(sessions.setDesiredStatus(id, request == null ? null : request.desiredStatus()));
    }

    @Delete("/{id}")
    public HttpResponse<DesiredStatusChange> delete(UUID id) {
        return HttpResponse.accepted().body(sessions.delete(id));
    }

    @Put("/{id}/timeslot")
    public HttpResponse<TimeslotChange> setTimeslot(UUID id, @Body @Nullable Timeslot timeslot) {
        return HttpResponse.accepted().body(sessions.setTimeslot(id, timeslot));
    }

    @Post("/{id}/parts/{part}/retry")
    public HttpResponse<OperatorActionResult> retryPart(UUID id, String part) {
        return HttpResponse.accepted().body(sessions.retryPart(id, part));
    }

    @Post("/{id}/reconcile")
    public HttpResponse<OperatorActionResult> reconcile(UUID id) {
        return HttpResponse.accepted().body(sessions.reconcile(id));
    }

    @Put("/{id}/spec")
    public HttpResponse<SpecChange> updateSpec(UUID id, @Body @Nullable SessionSpec spec) {
        return HttpResponse.accepted().body(new SpecChange(sessions.updateSpec(id, spec)));
    }

    @Post("/{id}/pods/{part}/{pod}/reset-backoff")
    public HttpResponse<Void> resetBackoff(UUID id, String part, String pod) {
        sessions.podAction(id, part, pod, PodAction.Kind.RESET_BACKOFF);
        return HttpResponse.accepted();
    }

    @Post("/{id}/pods/{part}/{pod}/restart")
    public HttpResponse<Void> restart(UUID id, String part, String pod) {
        sessions.podAction(id, part, pod, PodAction.Kind.RESTART);
        return HttpResponse.accepted();
    }

    /** The container's log as plain text, streamed; with {@code follow=true} it goes on as lines are written. */
    @Get(value = "/{id}/pods/{part}/{pod}/logs", produces = MediaType.TEXT_PLAIN)
    public Flux<byte[]> logs(UUID id, String part, String pod, @QueryValue @Nullable Integer tail,
            @QueryValue @Nullable String since, @QueryValue(defaultValue = "false") boolean follow) {
        return logs.stream(part + "/" + pod, sessions.pod(id, part, pod), tail, since, follow);
    }

    /** The Temporal history of the session's workflow, or of a part's with {@code ?part=}, oldest first. */
    @Get("/{id}/history")
    public HttpResponse<List<HistoryEventView>> history(UUID id, @QueryValue @Nullable String part) {
        String workflowId = sessions.workflowId(id, part);
        return links.to(HttpResponse.ok(histories.of(workflowId).stream().map(HistoryEventView::of).toList()),
                workflowId);
    }

    @Get("/{id}/transitions")
    public List<TransitionView> transitions(UUID id) {
        return sessions.transitions(id).stream().map(TransitionView::of).toList();
    }
}
