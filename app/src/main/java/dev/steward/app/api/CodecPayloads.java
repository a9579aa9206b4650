package dev.steward.app.api;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import java.util.List;

/**
 * The body of the Temporal UI's codec server protocol, in requests and answers: {@code {"payloads": [...]}}.
 *
 * @param payloads the payloads, in order
 */
@Serdeable
public record CodecPayloads(@Nullable List<CodecPayload> payloads) {}
