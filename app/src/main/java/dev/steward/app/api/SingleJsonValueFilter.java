package dev.steward.app.api;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import java.io.IOException;

/**
 * Refuses a JSON body that goes on after its value ({@code {...} garbage}, {@code {...}{...}}):
 * the decoder reads the first value and ignores the rest, so the request would be taken for what
 * it only starts with. A body that is no JSON at all is left to the decoder, which says where.
 */
@ServerFilter("/api/**")
public class SingleJsonValueFilter {

    private static final JsonFactory JSON = new JsonFactory();

    @RequestFilter
    public @Nullable HttpResponse<Problem> refuseTrailingContent(HttpRequest<?> request, @Nullable @Body byte[] body) {
        boolean json = request.getContentType().map(type -> type.matches(MediaType.APPLICATION_JSON_TYPE)).orElse(true);
        if (!json || body == null || body.length == 0) {
            return null;
        }
        boolean valueRead = false;
        try (JsonParser parser = JSON.createParser(body)) {
            if (parser.nextToken() == null) {
                return null;
            }
            parser.skipChildren();
            valueRead = true;
            return parser.nextToken() == null ? null : trailing();
        } catch (IOException malformed) {
            // Malformed within the value: the decoder words it; malformed after it: trailing content.
            return valueRead ? trailing() : null;
        }
    }

    private static HttpResponse<Problem> trailing() {
        return Problem.response(HttpStatus.BAD_REQUEST, "/problems/unreadable-request",
                "the body is not valid JSON: it goes on after its value", null);
    }
}
