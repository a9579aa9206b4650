package dev.steward.app.http.problem;

import dev.steward.app.http.ApiRoutes;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Produces;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.Arrays;
import java.util.stream.Collectors;

/** The pages problem types point at: what each problem means and how to fix it. Open to anyone. */
@Tag(name = "Problems")
@ApiRoutes
@Controller("/problems")
@Secured(SecurityRule.IS_ANONYMOUS)
public class ProblemPageController {

    /** Every problem type, each linking to its page. */
    @Operation(operationId = "listProblemTypes", summary = "List problem types",
            description = "An HTML page linking the page of every problem type Steward answers with. Open to "
            + "anyone.")
    @Get
    @Produces(MediaType.TEXT_HTML)
    public String problemIndex() {
        return page("Steward's problem types", "<ul>" + Arrays.stream(ProblemType.values())
                .map(type -> "<li><a href=\"" + type.path() + "\">" + type.pageName() + "</a>: " + escape(type.title())
                        + " (" + type.status().getCode() + ")</li>")
                .collect(Collectors.joining()) + "</ul>");
    }

    @Operation(operationId = "getProblemType", summary = "Read a problem type's page",
            description = "What the problem means and how to fix it, as HTML. The absolute URI of this page is the "
            + "`type` of every `application/problem+json` answer of that kind. Open to anyone.")
    @Get("/{name}")
    @Produces(MediaType.TEXT_HTML)
    public HttpResponse<?> problemPage(String name) {
        return ProblemType.named(name)
                .<HttpResponse<?>>map(type -> HttpResponse.ok(page(type.title(),
                        "<p>HTTP status <b>" + type.status().getCode() + "</b>, <code>type</code> <code>" + type.path()
                                + "</code></p><h2>What it means</h2><p>" + escape(type.meaning())
                                + "</p><h2>How to fix it</h2><p>" + escape(type.fix())
                                + "</p><p><a href=\"/problems\">Every problem type</a></p>")))
                .orElseGet(() -> Problem.response(ProblemType.NOT_FOUND, "no problem type is named " + name, null));
    }

    private static String page(String title, String body) {
        return "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + escape(title)
                + "</title></head><body><h1>" + escape(title) + "</h1>" + body + "</body></html>";
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
