package dev.steward.app.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.http.problem.Problem;
import dev.steward.app.http.problem.ProblemType;
import dev.steward.app.support.ExternalCommand;
import dev.steward.app.support.RawAnswer;
import dev.steward.app.support.RawHttp;
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
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The API's description is complete and clean, and can be browsed without a token:
 *
 * <ul>
 *   <li>{@code /openapi/steward.yml} parses with swagger-parser without one complaint, and names every route
 *       the service's router serves under {@code /api} and {@code /problems} (HEAD aside), each
 *       {@code /api/v1} operation with its refusals described as problem+json, and the problem schema names
 *       every problem type;
 *   <li>Spectral's {@code spectral:oas} ruleset finds nothing in it, not a warning, not a hint: every operation
 *       has a tag defined at the top and a description, and the document names its servers and a contact.
 *       Spectral's version is pinned with its npm packages in {@code src/test/spectral} (lock file included);
 *       they are installed with {@code npm ci} under {@code target/spectral}, again only when the lock file
 *       changed;
 *   <li>{@code /api/docs} serves Swagger UI over it, with its scripts.
 * </ul>
 */
@MicronautTest
class OpenApiIT {

    private static final Path SPECTRAL_SOURCE = Path.of("src", "test", "spectral");
    private static final Path SPECTRAL_HOME = Path.of("target", "spectral");
    private static final Duration COMMAND_DEADLINE = Duration.ofMinutes(5);

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
    void spectralFindsNothingInTheDescription() throws IOException {
        RawAnswer answer = new RawHttp(server.getURL()).send(null, "GET", "/openapi/steward.yml", null, null);
        assertEquals(200, answer.status(), answer::toString);
        Path home = installSpectral();
        Files.writeString(home.resolve("steward.yml"), answer.body());
        // Exits non-zero on any finding, hints included, and the test fails with Spectral's report.
        String report = ExternalCommand.run(home, Map.of(), "", COMMAND_DEADLINE, List.of("node",
                "node_modules/@stoplight/spectral-cli/dist/index.js", "lint", "--ruleset", ".spectral.yaml",
                "--fail-severity", "hint", "steward.yml"));
        assertTrue(report.contains("No results"), report);
    }

    /** Spectral's pinned packages under target/spectral, installed unless the same lock file's are there. */
    private static Path installSpectral() throws IOException {
        Files.createDirectories(SPECTRAL_HOME);
        Path lock = SPECTRAL_HOME.resolve("package-lock.json");
        boolean installed = Files.isDirectory(SPECTRAL_HOME.resolve("node_modules/@stoplight/spectral-cli"))
                && Files.exists(lock) && Files.mismatch(lock, SPECTRAL_SOURCE.resolve("package-lock.json")) == -1;
        for (String file : List.of("package.json", "package-lock.json", ".spectral.yaml")) {
            Files.copy(SPECTRAL_SOURCE.resolve(file), SPECTRAL_HOME.resolve(file), StandardCopyOption.REPLACE_EXISTING);
        }
        if (!installed) {
            ExternalCommand.run(SPECTRAL_HOME, Map.of(), "", COMMAND_DEADLINE,
                    List.of("npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts"));
        }
        return SPECTRAL_HOME;
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
