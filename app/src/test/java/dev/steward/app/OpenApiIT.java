package dev.steward.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.api.Problem;
import dev.steward.app.api.ProblemType;
import io.micronaut.http.HttpMethod;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.web.router.Router;
import io.micronaut.web.router.UriRouteInfo;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The API's description parses, names every route the service's controllers serve, and can be browsed. */
@MicronautTest
class OpenApiIT {

    @Inject
    EmbeddedServer server;

    @Inject
    Router router;

    @Test
    void theDescriptionParsesAndCoversEveryControllerRoute() {
        RawAnswer answer = new RawHttp(server.getURL()).send(null, "GET", "/openapi/steward.yml", null, null);
        assertEquals(200, answer.status(), answer::toString);
        SwaggerParseResult parsed = new OpenAPIV3Parser().readContents(answer.body());
        assertEquals(List.of(), parsed.getMessages(), "the parser's complaints");
        OpenAPI api = parsed.getOpenAPI();
        assertNotNull(api);

        List<String> missing = new ArrayList<>();
        // Micronaut answers HEAD wherever it answers GET, by itself: those need no description of their own.
        List<UriRouteInfo<?, ?>> routes = router.uriRoutes()
                .filter(route -> route.getHttpMethod() != HttpMethod.HEAD)
                .filter(route -> route.getUriMatchTemplate().toPathString().startsWith("/api/")
                        || route.getUriMatchTemplate().toPathString().startsWith("/problems"))
                .toList();
        assertTrue(routes.size() > 20, "the controllers' routes: " + routes);
        for (UriRouteInfo<?, ?> route : routes) {
            String path = route.getUriMatchTemplate().toPathString();
            PathItem item = api.getPaths().get(path);
            Map<PathItem.HttpMethod, ?> operations = item == null ? Map.of() : item.readOperationsMap();
            if (!operations.containsKey(PathItem.HttpMethod.valueOf(route.getHttpMethod().name()))) {
                missing.add(route.getHttpMethod() + " " + path);
            }
        }
        assertEquals(List.of(), missing, "routes the description does not name");

        api.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, operation) -> {
            if (path.startsWith("/api/v1/")) {
                assertTrue(operation.getResponses().get("4XX").getContent().containsKey(Problem.CONTENT_TYPE),
                        method + " " + path + " describes its refusals");
            }
        }));
        String problem = api.getComponents().getSchemas().get("Problem").getDescription();
        for (ProblemType type : ProblemType.values()) {
            assertTrue(problem.contains(type.pageName()), "the problem schema names " + type.pageName());
        }
        assertTrue(api.getComponents().getSecuritySchemes().containsKey("bearer"));
        assertFalse(api.getComponents().getSchemas().isEmpty());
    }

    @Test
    void theDescriptionCanBeBrowsedWithoutAToken() {
        RawHttp http = new RawHttp(server.getURL());
        for (String docs : List.of("/api/docs", "/api/docs/", "/api/docs/index.html")) {
            RawAnswer page = http.send(null, "GET", docs, null, null);
            assertEquals(200, page.status(), docs + ": " + page);
            assertTrue(page.body().contains("/openapi/steward.yml"), page::toString);
        }
        RawAnswer script = http.send(null, "GET", "/api/docs/res/swagger-ui-bundle.js", null, null);
        assertEquals(200, script.status(), script::toString);
    }
}
