package dev.steward.app.http.json;

import dev.steward.app.http.problem.Problem;
import dev.steward.app.http.problem.ProblemType;
import dev.steward.model.FieldError;
import dev.steward.model.StorableText;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Refuses a path or query that holds text Steward cannot store ({@link StorableText}) before it
 * reaches a query or a workflow: a 400 instead of PostgreSQL's error. Bodies are checked as they
 * are read ({@link StrictStringDeserializer}).
 */
@ServerFilter("/api/**")
public class StorableTextFilter {

    @RequestFilter
    public @Nullable HttpResponse<Problem> refuseUnstorableText(HttpRequest<?> request) {
        String path;
        try {
            // The raw path, as percent-encoded as it came: decoded as Micronaut decodes path variables.
            path = URLDecoder.decode(request.getPath().replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException malformed) {
            return refused("path", "is not valid percent-encoding");
        }
        String pathProblem = StorableText.problem(path);
        if (pathProblem != null) {
            return refused("path", pathProblem);
        }
        for (Map.Entry<String, List<String>> parameter : request.getParameters()) {
            String nameProblem = StorableText.problem(parameter.getKey());
            if (nameProblem != null) {
                return refused("a query parameter's name", nameProblem);
            }
            for (String value : parameter.getValue()) {
                String valueProblem = StorableText.problem(value);
                if (valueProblem != null) {
                    return refused(parameter.getKey(), valueProblem);
                }
            }
        }
        return null;
    }

    private static HttpResponse<Problem> refused(String field, String problem) {
        return Problem.response(ProblemType.UNREADABLE_REQUEST,
                "'" + field + "' could not be read: " + problem, List.of(new FieldError(field, problem)));
    }
}
