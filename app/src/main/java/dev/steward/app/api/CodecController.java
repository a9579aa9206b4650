package dev.steward.app.api;

import dev.steward.app.auth.Role;
import dev.steward.app.http.ApiRoutes;
import dev.steward.app.http.problem.Problem;
import dev.steward.app.refusal.Conflict;
import dev.steward.app.refusal.InvalidRequest;
import dev.steward.app.temporal.PayloadEncryption;
import dev.steward.model.FieldError;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Post;
import io.micronaut.security.annotation.Secured;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.temporal.api.common.v1.Payload;
import io.temporal.payload.codec.PayloadCodecException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The codec server the Temporal UI calls to show Steward's encrypted payloads ({@code POST .../decode}) and to
 * encrypt what it sends ({@code POST .../encode}), in the UI's protocol: {@code {"payloads": [...]}} in and out.
 * Every session's payloads go through it, so it takes an {@code OPERATOR} token.
 */
@ApiResponse(responseCode = "4XX", description = "Refused, nothing changed: a problem whose type is a page under /problems",
        content = @Content(mediaType = Problem.CONTENT_TYPE, schema = @Schema(implementation = Problem.class)))
@ApiResponse(responseCode = "5XX", description = "Not done: a problem whose type is a page under /problems",
        content = @Content(mediaType = Problem.CONTENT_TYPE, schema = @Schema(implementation = Problem.class)))
@Tag(name = "Payload codec")
@ApiRoutes
@Controller("/api/v1/codec")
@Secured(Role.OPERATOR_ROLE)
public class CodecController {

    private final PayloadEncryption encryption;

    public CodecController(PayloadEncryption encryption) {
        this.encryption = encryption;
    }

    @Operation(operationId = "decodePayloads", summary = "Decrypt Temporal payloads",
            description = "The payloads decrypted with the deployment's payload key (`steward.temporal.codec.key`), "
            + "each as it was before it reached Temporal; payloads that are not encrypted come back as they are. "
            + "`422` names a payload encrypted under another key, or changed; `409` when no key is configured.")
    @Post("/decode")
    public CodecPayloads decode(@Body @Nullable CodecPayloads body) {
        return apply(body, encryption::decode);
    }

    @Operation(operationId = "encodePayloads", summary = "Encrypt Temporal payloads",
            description = "The payloads encrypted with the deployment's payload key, as Steward sends them to "
            + "Temporal. `409` when no key is configured.")
    @Post("/encode")
    public CodecPayloads encode(@Body @Nullable CodecPayloads body) {
        return apply(body, encryption::encode);
    }

    private CodecPayloads apply(@Nullable CodecPayloads body, UnaryOperator<List<Payload>> codec) {
        if (!encryption.isOn()) {
            throw new Conflict("no payload key is configured (steward.temporal.codec.key): Steward's Temporal payloads"
                    + " are not encrypted");
        }
        List<CodecPayload> payloads = body == null || body.payloads() == null ? List.of() : body.payloads();
        List<CodecPayload> done = new ArrayList<>(payloads.size());
        List<FieldError> errors = new ArrayList<>();
        for (int i = 0; i < payloads.size(); i++) {
            String field = "payloads[" + i + "]";
            if (payloads.get(i) == null) {
                errors.add(new FieldError(field, "must not be null"));
                continue;
            }
            try {
                done.add(CodecPayload.of(codec.apply(List.of(payloads.get(i).toPayload(field))).getFirst()));
            } catch (PayloadCodecException refused) {
                errors.add(new FieldError(field, refused.getMessage()));
            }
        }
        InvalidRequest.rejectIfAny(errors);
        return new CodecPayloads(done);
    }
}
