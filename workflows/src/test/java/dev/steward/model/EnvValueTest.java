package dev.steward.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.temporal.api.common.v1.Payload;
import io.temporal.common.converter.DataConverter;
import io.temporal.common.converter.DefaultDataConverter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Env values as Temporal's JSON carries them in workflow inputs and histories. */
class EnvValueTest {

    private static final DataConverter TEMPORAL = DefaultDataConverter.STANDARD_INSTANCE;

    @Test
    void aGivenValueIsAStringAsBeforeSecrets() {
        PodSpec pod = new PodSpec("app", "img", List.of(), Map.of("MODE", "demo"), List.of());

        String json = json(pod);

        assertTrue(json.contains("\"env\":{\"MODE\":\"demo\"}"), json);
        assertEquals(pod, roundTrip(pod));
    }

    @Test
    void aSecretIsItsReferenceAlone() {
        SecretKeyRef ref = new SecretKeyRef("db", "password", 3L);
        PodSpec pod = new PodSpec("app", "img", List.of(), Map.of("PW", EnvValue.fromSecret(ref), "MODE", "demo"),
                List.of());

        String json = json(pod);

        assertTrue(json.contains("\"PW\":{\"valueFrom\":{\"secret\":\"db\",\"key\":\"password\",\"version\":3}}"), json);
        PodSpec read = roundTrip(pod);
        assertEquals(pod, read);
        assertEquals(Map.of("PW", ref), read.secretEnv());
        assertEquals(Map.of("MODE", "demo"), read.givenEnv());
    }

    private static String json(PodSpec pod) {
        Payload payload = TEMPORAL.toPayload(pod).orElseThrow();
        return payload.getData().toString(StandardCharsets.UTF_8);
    }

    private static PodSpec roundTrip(PodSpec pod) {
        Optional<Payload> payload = TEMPORAL.toPayload(pod);
        return TEMPORAL.fromPayload(payload.orElseThrow(), PodSpec.class, PodSpec.class);
    }
}
