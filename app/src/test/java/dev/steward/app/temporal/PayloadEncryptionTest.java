package dev.steward.app.temporal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import dev.steward.config.TemporalCodecConfig;
import io.temporal.api.common.v1.Payload;
import io.temporal.common.converter.CodecDataConverter;
import io.temporal.common.converter.GlobalDataConverter;
import io.temporal.payload.codec.PayloadCodecException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Steward's payloads round-trip through the codec whole, metadata included, and are unreadable without its key: a
 * payload sealed under another key, or changed, is refused; one that was never encrypted passes as it is.
 */
class PayloadEncryptionTest {

    private static final String KEY = Base64.getEncoder().encodeToString(new byte[32]);
    private static final String OTHER_KEY = Base64.getEncoder().encodeToString("0123456789abcdef0123456789abcdef"
            .getBytes(StandardCharsets.US_ASCII));

    private final PayloadEncryption codec = encryption(KEY);

    @Test
    void aPayloadComesBackWholeAndIsEncryptedOnTheWay() {
        Payload plain = GlobalDataConverter.get().toPayload(Map.of("DB_PASSWORD", "hunter2-plaintext")).orElseThrow();

        Payload encrypted = codec.encode(List.of(plain)).getFirst();

        assertEquals(plain, codec.decode(List.of(encrypted)).getFirst());
        assertEquals("binary/encrypted", encrypted.getMetadataOrThrow("encoding").toStringUtf8());
        assertEquals(2, encrypted.getMetadataCount(), "the encoding and the key's id, nothing of the original");
        assertFalse(encrypted.toByteString().toStringUtf8().contains("hunter2"));
        assertFalse(encrypted.toByteString().toStringUtf8().contains("json/plain"));
    }

    @Test
    void throughTheDataConverterAValueRoundTrips() {
        CodecDataConverter converter = new CodecDataConverter(GlobalDataConverter.get(), List.of(codec));
        Payload payload = converter.toPayload("hunter2-plaintext").orElseThrow();

        assertFalse(payload.getData().toStringUtf8().contains("hunter2"));
        assertEquals("hunter2-plaintext", converter.fromPayload(payload, String.class, String.class));
    }

    @Test
    void aPayloadThatWasNeverEncryptedPassesAsItIs() {
        Payload plain = GlobalDataConverter.get().toPayload("from before the key").orElseThrow();
        assertEquals(plain, codec.decode(List.of(plain)).getFirst());
    }

    @Test
    void anotherKeyOrAChangedPayloadIsRefused() {
        Payload encrypted = codec.encode(List.of(GlobalDataConverter.get().toPayload("x").orElseThrow())).getFirst();
        byte[] data = encrypted.getData().toByteArray();
        data[data.length - 1] ^= 1;
        Payload changed = encrypted.toBuilder().setData(ByteString.copyFrom(data)).build();

        String otherKey = assertThrows(PayloadCodecException.class,
                () -> encryption(OTHER_KEY).decode(List.of(encrypted))).getMessage();
        assertTrue(otherKey.contains("not this service's"), otherKey);
        assertThrows(PayloadCodecException.class, () -> codec.decode(List.of(changed)));
    }

    @Test
    void withoutAKeyNothingIsEncrypted() {
        PayloadEncryption off = new PayloadEncryption(new TemporalCodecConfig(null, null, null));
        assertFalse(off.isOn());
        assertThrows(PayloadCodecException.class, () -> off.encode(List.of(Payload.getDefaultInstance())));
        assertTrue(codec.isOn());
    }

    private static PayloadEncryption encryption(String key) {
        return new PayloadEncryption(new TemporalCodecConfig(key, null, null));
    }
}
