package dev.steward.app.support;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * Requests Steward must refuse, each a valid request with one fault put in: an unknown or misspelt
 * field, a value of the wrong type, a required field missing, a string too long or a body too
 * large, deep nesting, bytes that are not UTF-8 or text that cannot be stored, a content type that
 * is not JSON, a bad id in the path, JSON that is not JSON, a query Steward does not accept.
 */
public final class BadRequests {

    private static final String SESSIONS = "/api/v1/sessions";
    private static final String HOSTS = "/api/v1/hosts";
    private static final String JSON_TYPE = "application/json";
    /** Every field name of every body Steward reads: a name outside it is unknown wherever it goes. */
    private static final Set<String> KNOWN_FIELDS = Set.of("owner", "desiredStatus", "parts", "timeslot", "restart",
            "name", "pods", "after", "when", "onFailure", "maxUnhealthy", "image", "command", "env", "ports", "kind",
            "restartPolicy", "readiness", "activeDeadlineSeconds", "hostSelector", "resources", "containerPort",
            "hostPort", "type", "port", "path", "intervalSeconds", "timeoutSeconds", "failureThreshold", "cpus",
            "memoryMb", "provisionAt", "startAt", "endAt", "cleanupDeadline", "backoffBaseSeconds", "backoffCapSeconds",
            "stableSeconds", "maxRestarts", "rolloutDeadlineSeconds", "endpoint", "capacity", "labels", "tls", "caPath",
            "certPath", "keyPath", "secretRef", "enabled", "draining");
    /** Objects whose keys are the caller's own: any key is welcome there. */
    private static final Set<String> FREE_KEYS = Set.of("env", "labels", "hostSelector");
    /** Timestamps may be given as epoch seconds too: a number there is no fault. */
    private static final Set<String> TIMESTAMPS = Set.of("provisionAt", "startAt", "endAt", "cleanupDeadline");
    /** Stands for a value in the JSON text until raw text or bytes take its place. */
    private static final String MARKER = "M4RK3R";
    /** The service's default body limit, steward.api max body size: 256 KiB. */
    private static final int MAX_BODY = 256 * 1024;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final UUID session;
    private final List<Endpoint> withBodies;
    private final List<Endpoint> sessionRoutes;
    private final List<Endpoint> hostRoutes;

    /**
     * @param session a session that exists, the target of the session routes
     * @param host a host that exists, the target of the host routes
     */
    public BadRequests(UUID session, String host) {
        this.session = session;
        String sessionPath = SESSIONS + "/" + session;
        List<List<Object>> specRequired = List.of(List.of("owner"), List.of("parts"), List.of("parts", 0, "name"),
                List.of("parts", 0, "pods", 0, "name"), List.of("parts", 0, "pods", 0, "image"));
        withBodies = List.of(
                new Endpoint("POST", SESSIONS, sessionSpec(), specRequired),
                new Endpoint("PUT", sessionPath + "/spec", sessionSpec(), specRequired),
                new Endpoint("PUT", sessionPath + "/desired-status", Map.of("desiredStatus", "STOPPED"),
                        List.of(List.of("desiredStatus"))),
                new Endpoint("PUT", sessionPath + "/timeslot", timeslot(), List.of()),
                new Endpoint("POST", HOSTS, hostSpec("property-new"), List.of(List.of("name"), List.of("endpoint"))),
                new Endpoint("PUT", HOSTS + "/" + host, hostChange(), List.of()));
        sessionRoutes = List.of(
                new Endpoint("GET", "", null, List.of()),
                new Endpoint("DELETE", "", null, List.of()),
                new Endpoint("GET", "/transitions", null, List.of()),
                new Endpoint("PUT", "/desired-status", Map.of("desiredStatus", "STOPPED"), List.of()),
                new Endpoint("PUT", "/timeslot", timeslot(), List.of()),
                new Endpoint("PUT", "/spec", sessionSpec(), List.of()),
                new Endpoint("POST", "/reconcile", null, List.of()),
                new Endpoint("POST", "/parts/db/retry", null, List.of()),
                new Endpoint("POST", "/pods/db/main/restart", null, List.of()),
                new Endpoint("POST", "/pods/db/main/reset-backoff", null, List.of()));
        hostRoutes = List.of(
                new Endpoint("GET", "", null, List.of()),
                new Endpoint("PUT", "", hostChange(), List.of()),
                new Endpoint("DELETE", "", null, List.of()),
                new Endpoint("GET", "/transitions", null, List.of()));
    }

    /** A session spec that uses every field, valid as it is. */
    public static Map<String, Object> sessionSpec() {
        Map<String, Object> readiness = map("type", "tcp", "port", 5432, "intervalSeconds", 2, "timeoutSeconds", 1,
                "failureThreshold", 3);
        Map<String, Object> database = map("name", "main", "image", Specs.BUSYBOX, "command", List.of("sleep", "3600"),
                "env", map("ROLE", "db"), "ports", List.of(map("containerPort", 5432, "hostPort", 25432)),
                "kind", "worker", "restartPolicy", "on-failure", "readiness", readiness,
                "hostSelector", map("zone", "a"), "resources", map("cpus", 0.5, "memoryMb", 64));
        Map<String, Object> job = map("name", "job", "image", Specs.BUSYBOX, "command", List.of("true"), "kind", "job",
                "activeDeadlineSeconds", 30);
        return map("owner", "property", "desiredStatus", "STOPPED",
                "parts", List.of(map("name", "db", "pods", List.of(database)),
                        map("name", "web", "after", List.of("db"), "when", "READY", "onFailure", "CONTINUE",
                                "maxUnhealthy", "50%", "pods", List.of(job))),
                "timeslot", timeslot(),
                "restart", map("backoffBaseSeconds", 1, "backoffCapSeconds", 10, "stableSeconds", 60, "maxRestarts", 3,
                        "rolloutDeadlineSeconds", 30));
    }

    /** A host that uses every field, valid as it is. */
    public static Map<String, Object> hostSpec(String name) {
        return map("name", name, "endpoint", "tcp://127.0.0.1:1",
                "capacity", map("pods", 4, "cpus", 2.5, "memoryMb", 2048), "labels", map("zone", "a"),
                "tls", map("caPath", "/etc/steward/ca.pem", "certPath", "/etc/steward/cert.pem",
                        "keyPath", "/etc/steward/key.pem"));
    }

    private static Map<String, Object> timeslot() {
        return map("provisionAt", "2030-01-01T00:00:00Z", "startAt", "2030-01-01T00:05:00Z",
                "endAt", "2030-01-01T12:00:00Z", "cleanupDeadline", "2030-01-01T12:15:00Z");
    }

    private static Map<String, Object> hostChange() {
        return map("enabled", true, "draining", false, "capacity", map("pods", 4), "labels", map("zone", "a"));
    }

    public Arbitrary<BadRequest> any() {
        return Arbitraries.oneOf(unknownFields(), wrongTypes(), missingFields(), tooLong(), deepNesting(), badText(),
                wrongContentTypes(), badSessionIds(), badHostNames(), malformedJson(), badQueries());
    }

    private Arbitrary<BadRequest> unknownFields() {
        Arbitrary<String> misspelt = Combinators.combine(Arbitraries.of(KNOWN_FIELDS), Arbitraries.integers().between(0, 3))
                .as(BadRequests::misspell);
        Arbitrary<String> names = Arbitraries.oneOf(misspelt,
                Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(12))
                .filter(name -> !KNOWN_FIELDS.contains(name));
        Arbitrary<Object> values = Arbitraries.of("x", 1, true, List.of(1), map("a", 1));
        return Arbitraries.of(withBodies).flatMap(endpoint ->
                Combinators.combine(Arbitraries.of(objectsTakingFields(endpoint.body())), names, values)
                        .as((path, name, value) -> {
                            Object body = copy(endpoint.body());
                            asMap(get(body, path)).put(name, value);
                            return endpoint.json("unknown field", "unknown field '" + name + "' in " + describe(path), write(body));
                        }));
    }

    private Arbitrary<BadRequest> wrongTypes() {
        return Arbitraries.of(withBodies).flatMap(endpoint -> {
            List<List<Object>> paths = new ArrayList<>(paths(endpoint.body()));
            paths.add(List.of());
            return Arbitraries.of(paths).flatMap(path -> Arbitraries.of(wrongValues(endpoint.body(), path))
                    .map(value -> endpoint.json("wrong type", "a " + kind(value) + " for " + describe(path),
                            write(set(copy(endpoint.body()), path, value)))));
        });
    }

    private Arbitrary<BadRequest> missingFields() {
        List<Endpoint> withRequired = withBodies.stream().filter(e -> !e.required().isEmpty()).toList();
        return Arbitraries.of(withRequired).flatMap(endpoint -> Arbitraries.of(endpoint.required())
                .map(path -> endpoint.json("missing field", "no " + describe(path), write(remove(copy(endpoint.body()), path)))));
    }

    /** A field over its limit (owner, names, a desired status), or any field that makes the body too large. */
    private Arbitrary<BadRequest> tooLong() {
        Arbitrary<BadRequest> overFieldLimits = Arbitraries.of(withBodies.getFirst(), withBodies.get(1), withBodies.get(2),
                withBodies.get(4)).flatMap(endpoint -> {
                    List<List<Object>> limited = endpoint.required().stream()
                            .filter(path -> !path.getLast().equals("parts") && !path.getLast().equals("image")
                                    && !path.getLast().equals("endpoint"))
                            .toList();
                    return Combinators.combine(Arbitraries.of(limited), Arbitraries.integers().between(257, 200_000),
                            Arbitraries.chars().range('a', 'z')).as((path, length, letter) -> endpoint.json("string too long",
                                    length + " characters in " + describe(path),
                                    write(set(copy(endpoint.body()), path, String.valueOf(letter).repeat(length)))));
                });
        Arbitrary<BadRequest> overBodyLimit = Arbitraries.of(withBodies).flatMap(endpoint ->
                Combinators.combine(Arbitraries.of(stringPaths(endpoint.body())),
                        Arbitraries.integers().between(MAX_BODY + 1, MAX_BODY + MAX_BODY / 2))
                        .as((path, length) -> endpoint.json("body too large", "a body over 256 KiB, in " + describe(path),
                                write(set(copy(endpoint.body()), path, "x".repeat(length))))));
        return Arbitraries.oneOf(overFieldLimits, overBodyLimit);
    }

    private Arbitrary<BadRequest> deepNesting() {
        return Arbitraries.of(withBodies).flatMap(endpoint -> {
            List<List<Object>> paths = new ArrayList<>(paths(endpoint.body()));
            paths.add(List.of());
            return Combinators.combine(Arbitraries.of(paths), Arbitraries.integers().between(2, 3000),
                    Arbitraries.of(true, false)).as((path, depth, arrays) -> {
                        String nested = arrays ? "[".repeat(depth) + "1" + "]".repeat(depth)
                                : "{\"a\":".repeat(depth) + "1" + "}".repeat(depth);
                        return endpoint.json("deep nesting", "nesting " + depth + " deep in " + describe(path),
                                withRaw(endpoint.body(), path, nested));
                    });
        });
    }

    /** Bytes that are no UTF-8, or escapes of text that cannot be stored, in a string. */
    private Arbitrary<BadRequest> badText() {
        List<byte[]> notUtf8 = List.of(bytes(0xC3, 0x28), bytes(0xFF), bytes(0xFE), bytes(0x80), bytes(0xC0, 0x80),
                bytes(0xC1, 0xBF), bytes(0xE0, 0x81, 0x81), bytes(0xF0, 0x80, 0x80, 0x80), bytes(0xED, 0xA0, 0x80),
                bytes(0xED, 0xBF, 0xBF), bytes(0xF4, 0x90, 0x80, 0x80), bytes(0xF8, 0x88, 0x80, 0x80, 0x80),
                bytes(0xE2, 0x82));
        List<String> unstorable = List.of("\\u0000", "a\\u0000b", "\\ud800", "\\udbff", "\\udc00", "x\\ud800y",
                "\\udc00\\ud800");
        Arbitrary<BadRequest> raw = Arbitraries.of(withBodies).flatMap(endpoint ->
                Combinators.combine(Arbitraries.of(stringPaths(endpoint.body())), Arbitraries.of(notUtf8))
                        .as((path, bad) -> endpoint.bytes("not UTF-8", "bytes " + hex(bad) + " in " + describe(path),
                                replaceMarker(endpoint.body(), path, bad))));
        Arbitrary<BadRequest> escaped = Arbitraries.of(withBodies).flatMap(endpoint ->
                Combinators.combine(Arbitraries.of(stringPaths(endpoint.body())), Arbitraries.of(unstorable))
                        .as((path, escape) -> endpoint.json("unstorable text", "\"" + escape + "\" in " + describe(path),
                                withRaw(endpoint.body(), path, "\"" + escape + "\""))));
        return Arbitraries.oneOf(raw, escaped);
    }

    private Arbitrary<BadRequest> wrongContentTypes() {
        Arbitrary<String> types = Arbitraries.of("text/plain", "application/xml", "application/x-www-form-urlencoded",
                "multipart/form-data; boundary=x", "application/octet-stream", "text/html", "image/png",
                "application/yaml", "text/csv");
        return Combinators.combine(Arbitraries.of(withBodies), types).as((endpoint, type) -> new BadRequest(
                "wrong content type", "content type " + type, endpoint.method(), endpoint.path(), type,
                write(endpoint.body()).getBytes(StandardCharsets.UTF_8)));
    }

    private Arbitrary<BadRequest> badSessionIds() {
        Arbitrary<String> ids = Arbitraries.oneOf(
                Arbitraries.strings().alpha().numeric().withChars('-').ofMinLength(1).ofMaxLength(40)
                        .filter(id -> !isUuid(id)),
                Arbitraries.of("%00", "%FF", "%C0%80", "%ED%A0%80", "not-a-uuid", "%20", "%7Bid%7D", session + "0",
                        session.toString().replace('-', '_')),
                Arbitraries.integers().between(100, 5000).map("9"::repeat),
                Arbitraries.create(UUID::randomUUID).map(UUID::toString));
        return Combinators.combine(Arbitraries.of(sessionRoutes), ids).as((route, id) ->
                route.at("bad session id", SESSIONS + "/" + id, "session id '" + id + "'"));
    }

    private Arbitrary<BadRequest> badHostNames() {
        Arbitrary<String> names = Arbitraries.oneOf(
                Arbitraries.strings().alpha().numeric().ofMinLength(1).ofMaxLength(40).map(name -> "no-" + name),
                Arbitraries.of("%00", "%FF", "%C0%80", "a%00b", "NO-SUCH-HOST"),
                Arbitraries.integers().between(100, 5000).map("h"::repeat).map(name -> "no-" + name));
        return Combinators.combine(Arbitraries.of(hostRoutes), names).as((route, name) ->
                route.at("bad host name", HOSTS + "/" + name, "host name '" + name + "'"));
    }

    private Arbitrary<BadRequest> malformedJson() {
        Arbitrary<BadRequest> truncated = Arbitraries.of(withBodies).flatMap(endpoint -> {
            String json = write(endpoint.body());
            return Arbitraries.integers().between(1, json.length() - 1)
                    .map(at -> endpoint.json("not JSON", "cut after " + at + " characters", json.substring(0, at)));
        });
        Arbitrary<BadRequest> trailing = Combinators.combine(Arbitraries.of(withBodies),
                Arbitraries.of(" x", "}", "{}", "[]", " 1", ",", "]", "\"x\"", " {\"a\": 1}"))
                .as((endpoint, tail) -> endpoint.json("not JSON", "'" + tail + "' after the value", write(endpoint.body()) + tail));
        Arbitrary<BadRequest> notJson = Combinators.combine(Arbitraries.of(withBodies),
                Arbitraries.of("/* c */ ", "// c\n", "'", "{", "<", "x")).as((endpoint, head) -> endpoint.json("not JSON",
                        "'" + head + "' before the value", head + write(endpoint.body())));
        Arbitrary<BadRequest> singleQuoted = Arbitraries.of(withBodies).map(endpoint -> endpoint.json("not JSON", "single quotes",
                write(endpoint.body()).replace('"', '\'')));
        Arbitrary<BadRequest> badTokens = Arbitraries.of(withBodies).flatMap(endpoint ->
                Combinators.combine(Arbitraries.of(leafPaths(endpoint.body())), Arbitraries.of("NaN", "Infinity",
                        "-Infinity", "01", "+1", ".5", "1.", "0x1F", "undefined", "True", "None", "'x'", "\"x", "x\""))
                        .as((path, token) -> endpoint.json("not JSON", "the token " + token + " in " + describe(path),
                                withRaw(endpoint.body(), path, token))));
        return Arbitraries.oneOf(truncated, trailing, notJson, singleQuoted, badTokens);
    }

    private Arbitrary<BadRequest> badQueries() {
        Arbitrary<String> queries = Arbitraries.oneOf(
                Arbitraries.of("0", "-1", "101", "abc", "1.5", "99999999999", "%00").map(v -> "size=" + v),
                Arbitraries.of("-1", "abc", "1.5", "99999999999", "%00").map(v -> "page=" + v),
                Arbitraries.of("NOPE", "123", "%00", "RUNNING%00").map(v -> "status=" + v),
                Arbitraries.of("%00", "a%00b", "%00%00").map(v -> "owner=" + v));
        return queries.map(query -> new BadRequest("bad query", "query " + query, "GET", SESSIONS + "?" + query, null, null));
    }

    // ---- the JSON trees: maps, lists and scalars, walked by paths of keys and indexes

    private static List<Object> wrongValues(Object body, List<Object> path) {
        Object current = get(body, path);
        String field = path.isEmpty() ? "" : String.valueOf(path.getLast());
        return switch (current) {
            case String text when TIMESTAMPS.contains(field) -> List.of(true, map("a", 1), List.of(1, 2));
            case String text -> List.of(42, 4.5, true, map("a", 1), List.of(1, 2));
            case Integer whole -> List.of("text", "12", true, map("a", 1), List.of(1), List.of(1, 2), 1.5);
            case Double decimal -> List.of("text", "0.5", true, map("a", 1), List.of(1.0));
            case Boolean bool -> List.of("yes", "true", 1, map("a", 1), List.of(true));
            case List<?> list -> List.of("text", 1, true, map("a", 1));
            case Map<?, ?> object -> List.of("text", 1, true, List.of(1, 2));
            default -> throw new IllegalStateException("no wrong values for " + current);
        };
    }

    /** Paths to every value in the tree. */
    private static List<List<Object>> paths(Object tree) {
        List<List<Object>> paths = new ArrayList<>();
        collect(tree, List.of(), paths);
        return paths;
    }

    private static void collect(Object node, List<Object> at, List<List<Object>> into) {
        if (node instanceof Map<?, ?> object) {
            object.forEach((key, value) -> visit(value, append(at, key), into));
        } else if (node instanceof List<?> list) {
            for (int i = 0; i < list.size(); i++) {
                visit(list.get(i), append(at, i), into);
            }
        }
    }

    private static void visit(Object value, List<Object> at, List<List<Object>> into) {
        into.add(at);
        collect(value, at, into);
    }

    private static List<List<Object>> leafPaths(Object tree) {
        return paths(tree).stream().filter(p -> !(get(tree, p) instanceof Map) && !(get(tree, p) instanceof List)).toList();
    }

    private static List<List<Object>> stringPaths(Object tree) {
        return paths(tree).stream().filter(p -> get(tree, p) instanceof String).toList();
    }

    /** The objects that take named fields: the body, and every object in it that is not keyed by the caller. */
    private static List<List<Object>> objectsTakingFields(Object tree) {
        List<List<Object>> objects = new ArrayList<>();
        objects.add(List.of());
        paths(tree).stream()
                .filter(p -> get(tree, p) instanceof Map && !FREE_KEYS.contains(String.valueOf(p.getLast())))
                .forEach(objects::add);
        return objects;
    }

    private static Object get(Object tree, List<Object> path) {
        Object node = tree;
        for (Object step : path) {
            node = step instanceof Integer index ? ((List<?>) node).get(index) : asMap(node).get(step);
        }
        return node;
    }

    /** The tree with the value at {@code path} replaced; the root itself when the path is empty. */
    @SuppressWarnings("unchecked")
    private static Object set(Object tree, List<Object> path, Object value) {
        if (path.isEmpty()) {
            return value;
        }
        Object parent = get(tree, path.subList(0, path.size() - 1));
        Object last = path.getLast();
        if (last instanceof Integer index) {
            ((List<Object>) parent).set(index, value);
        } else {
            asMap(parent).put((String) last, value);
        }
        return tree;
    }

    private static Object remove(Object tree, List<Object> path) {
        asMap(get(tree, path.subList(0, path.size() - 1))).remove((String) path.getLast());
        return tree;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asMap(Object node) {
        return (Map<String, Object>) node;
    }

    /** A mutable deep copy. */
    private static Object copy(Object node) {
        if (node instanceof Map<?, ?> object) {
            Map<String, Object> copy = new LinkedHashMap<>();
            object.forEach((key, value) -> copy.put((String) key, copy(value)));
            return copy;
        }
        if (node instanceof List<?> list) {
            return new ArrayList<>(list.stream().map(BadRequests::copy).toList());
        }
        return node;
    }

    /** The body's JSON with {@code raw} JSON text in place of the value at {@code path}. */
    private static String withRaw(Object body, List<Object> path, String raw) {
        return write(set(copy(body), path, MARKER)).replace("\"" + MARKER + "\"", raw);
    }

    /** The body's UTF-8 with {@code bytes} in place of the string at {@code path}. */
    private static byte[] replaceMarker(Object body, List<Object> path, byte[] bytes) {
        String json = write(set(copy(body), path, MARKER));
        int at = json.indexOf(MARKER);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(json.substring(0, at).getBytes(StandardCharsets.UTF_8));
        out.writeBytes(bytes);
        out.writeBytes(json.substring(at + MARKER.length()).getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    private static String write(Object body) {
        try {
            return JSON.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<Object> append(List<Object> path, Object step) {
        List<Object> longer = new ArrayList<>(path);
        longer.add(step);
        return List.copyOf(longer);
    }

    private static String describe(List<Object> path) {
        return path.isEmpty() ? "the body" : path.stream().map(String::valueOf).reduce((a, b) -> a + "." + b).orElse("");
    }

    private static String kind(Object value) {
        return value instanceof List ? "list" : value instanceof Map ? "object" : value.getClass().getSimpleName();
    }

    private static String misspell(String name, int how) {
        return switch (how) {
            case 0 -> name.length() > 2 ? name.substring(0, name.length() / 2) + name.substring(name.length() / 2 + 1)
                    : name + name;
            case 1 -> name.toLowerCase();
            case 2 -> Character.toUpperCase(name.charAt(0)) + name.substring(1);
            default -> name + "s";
        };
    }

    private static boolean isUuid(String text) {
        try {
            UUID.fromString(text);
            return true;
        } catch (IllegalArgumentException notOne) {
            return false;
        }
    }

    private static byte[] bytes(int... values) {
        byte[] bytes = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            bytes[i] = (byte) values[i];
        }
        return bytes;
    }

    private static String hex(byte[] bytes) {
        StringBuilder text = new StringBuilder();
        for (byte b : bytes) {
            text.append(String.format("%02X", b & 0xFF));
        }
        return text.toString();
    }

    /** Keys and values in turn; keeps their order. */
    private static Map<String, Object> map(Object... keysAndValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    /**
     * A route and the valid body it takes.
     *
     * @param method the HTTP method
     * @param path the path, or for a route under an id, what follows the id
     * @param body the valid body, or null for none
     * @param required the paths of the fields whose absence is refused
     */
    private record Endpoint(String method, String path, Object body, List<List<Object>> required) {

        BadRequest json(String category, String fault, String json) {
            return bytes(category, fault, json.getBytes(StandardCharsets.UTF_8));
        }

        BadRequest bytes(String category, String fault, byte[] bytes) {
            return new BadRequest(category, fault, method, path, JSON_TYPE, bytes);
        }

        /** This route under {@code prefix} (a session's or host's path), with its valid body if it takes one. */
        BadRequest at(String category, String prefix, String fault) {
            return new BadRequest(category, fault, method, prefix + path, body == null ? null : JSON_TYPE,
                    body == null ? null : write(body).getBytes(StandardCharsets.UTF_8));
        }
    }
}
