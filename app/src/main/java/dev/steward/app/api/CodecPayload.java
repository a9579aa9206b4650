package dev.steward.app.api;

import com.google.protobuf.ByteString;
import dev.steward.app.refusal.InvalidRequest;
import dev.steward.model.FieldError;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.temporal.api.common.v1.Payload;
import java.util.Base64;
import java.util.Map;
import java.util.TreeMap;

/**
 * One Temporal payload as the Temporal UI's codec server protocol carries it (protobuf's JSON form).
 *
 * @param metadata its metadata ({@code encoding}, ...), each value in base64
 * @param data its bytes in base64
 */
@Serdeable
public record CodecPayload(@Nullable Map<String, String> metadata, @Nullable String data) {

    static CodecPayload of(Payload payload) {
        Map<String, String> metadata = new TreeMap<>();
        payload.getMetadataMap().forEach((key, value) -> metadata.put(key, base64(value)));
        return new CodecPayload(metadata, base64(payload.getData()));
    }

    /** @param field where it is in the request, for a refusal: {@code payloads[2]} */
    Payload toPayload(String field) {
        Payload.Builder payload = Payload.newBuilder().setData(bytes(data, field + ".data"));
        if (metadata != null) {
            metadata.forEach((key, value) -> payload.putMetadata(key, bytes(value, field + ".metadata." + key)));
        }
        return payload.build();
    }

    private static String base64(ByteString bytes) {
        return Base64.getEncoder().encodeToString(bytes.toByteArray());
    }

    private static ByteString bytes(@Nullable String base64, String field) {
        try {
            return base64 == null ? ByteString.EMPTY : ByteString.copyFrom(Base64.getDecoder().decode(base64));
        } catch (IllegalArgumentException e) {
            throw new InvalidRequest(new FieldError(field, "must be base64"));
        }
    }
}
