package dev.steward.app.temporal;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.steward.config.TemporalCodecConfig;
import dev.steward.store.AesGcm;
import io.micronaut.core.annotation.Nullable;
import io.temporal.api.common.v1.Payload;
import io.temporal.payload.codec.PayloadCodec;
import io.temporal.payload.codec.PayloadCodecException;
import jakarta.inject.Singleton;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.List;

/**
 * Steward's payload codec: with a key ({@code steward.temporal.codec.key}), every payload Steward hands
 * Temporal (workflow and activity inputs and results, signals, updates, queries, memos) is sealed whole,
 * its metadata included, with AES-256-GCM ({@link AesGcm}) into a payload whose encoding is
 * {@code binary/encrypted} and which names the key, so Temporal's history and UI hold only ciphertext.
 * Search attributes stay plain: Temporal indexes them. A payload of another encoding passes decoding as
 * it is, so histories written before the key was set stay readable.
 */
@Singleton
public class PayloadEncryption implements PayloadCodec {

    static final String ENCODING_KEY = "encoding";
    static final ByteString ENCRYPTED = ByteString.copyFromUtf8("binary/encrypted");
    static final String KEY_ID = "encryption-key-id";

    private final @Nullable AesGcm cipher;

    public PayloadEncryption(TemporalCodecConfig config) {
        this.cipher = AesGcm.isSet(config.key()) || AesGcm.isSet(config.keyFile())
                ? AesGcm.fromSettings(config.key(), config.keyFile(), "steward.temporal.codec") : null;
    }

    /** Whether a key is configured: payloads are encrypted. */
    public boolean isOn() {
        return cipher != null;
    }

    @Override
    public List<Payload> encode(List<Payload> payloads) {
        AesGcm key = key();
        return payloads.stream().map(payload -> Payload.newBuilder()
                .putMetadata(ENCODING_KEY, ENCRYPTED)
                .putMetadata(KEY_ID, ByteString.copyFromUtf8(key.keyId()))
                .setData(ByteString.copyFrom(key.seal(payload.toByteArray())))
                .build()).toList();
    }

    /** @throws PayloadCodecException for an encrypted payload this service's key does not open */
    @Override
    public List<Payload> decode(List<Payload> payloads) {
        return payloads.stream().map(this::decode).toList();
    }

    private Payload decode(Payload payload) {
        if (!ENCRYPTED.equals(payload.getMetadataOrDefault(ENCODING_KEY, ByteString.EMPTY))) {
            return payload;
        }
        AesGcm key = key();
        String keyId = payload.getMetadataOrDefault(KEY_ID, ByteString.EMPTY).toString(StandardCharsets.UTF_8);
        if (!keyId.equals(key.keyId())) {
            throw new PayloadCodecException("the payload was encrypted under key " + keyId + ", not this service's "
                    + key.keyId());
        }
        try {
            return Payload.parseFrom(key.open(payload.getData().toByteArray()));
        } catch (GeneralSecurityException | InvalidProtocolBufferException e) {
            throw new PayloadCodecException("the payload names key " + keyId + " but does not open with it: it was"
                    + " changed", e);
        }
    }

    private AesGcm key() {
        if (cipher == null) {
            throw new PayloadCodecException("no payload key is configured (steward.temporal.codec.key)");
        }
        return cipher;
    }
}
