package dev.steward.app.http.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import dev.steward.app.http.problem.Problem;
import dev.steward.app.http.problem.ProblemType;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Refuses a JSON body that is not UTF-8, or that goes on after its value. The JSON parser reads
 * overlong forms ({@code C1 BF}) as the characters they spell, and reads the first value only,
 * ignoring what follows ({@code {...} garbage}): either way the request would be taken for
 * something it is not. A body that is no JSON at all is left to the decoder, which says where.
 */
@ServerFilter("/api/**")
public class JsonBodyFilter {

    private static final JsonFactory JSON = new JsonFactory();

    @RequestFilter
    public @Nullable HttpResponse<Problem> refuseMalformedBody(HttpRequest<?> request, @Nullable @Body byte[] body) {
        boolean json = request.getContentType().map(type -> type.matches(MediaType.APPLICATION_JSON_TYPE)).orElse(true);
        if (!json || body == null || body.length == 0) {
            return null;
        }
        int malformedAt = firstMalformedByte(body);
        if (malformedAt >= 0) {
            return refused("the body is not valid UTF-8: byte " + malformedAt + " starts no character");
        }
        return goesOnAfterItsValue(body) ? refused("the body is not valid JSON: it goes on after its value") : null;
    }

    /** Where strict UTF-8 decoding fails, or -1 when it does not. */
    private static int firstMalformedByte(byte[] body) {
        CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(body);
        CoderResult result = utf8.decode(in, CharBuffer.allocate(body.length), true);
        return result.isError() ? in.position() : -1;
    }

    private static boolean goesOnAfterItsValue(byte[] body) {
        boolean valueRead = false;
        try (JsonParser parser = JSON.createParser(body)) {
            if (parser.nextToken() == null) {
                return false;
            }
            parser.skipChildren();
            valueRead = true;
            return parser.nextToken() != null;
        } catch (IOException malformed) {
            // Malformed within the value: the decoder words it; malformed after it: the body goes on.
            return valueRead;
        }
    }

    private static HttpResponse<Problem> refused(String detail) {
        return Problem.response(ProblemType.UNREADABLE_REQUEST, detail, null);
    }
}
