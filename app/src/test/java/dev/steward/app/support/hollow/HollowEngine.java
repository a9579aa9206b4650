package dev.steward.app.support.hollow;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.steward.model.Sha256;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A container engine with nothing inside: the Docker Engine API calls Steward makes, served over HTTP
 * on 127.0.0.1 with containers held in memory, so it registers as a host ({@link #endpoint()}) and
 * docker-java talks to it as to Podman. A container "runs" from start until it is stopped, killed,
 * removed or {@link #crash crashed}; each of these emits the engine's events. Networks and volumes are
 * held as Podman holds them (a network with a container on it cannot be removed), and every image is
 * present or pulled at once. It makes thousands of sessions measurable on a small machine, and
 * engine faults ({@link #faults()}: latency, errors, hangs, dropped event streams) a matter of one call.
 *
 * <p>Each operation is one {@link HollowRoute} in {@link #routes()}: serving another call is one more
 * route and its handler.
 */
public final class HollowEngine implements AutoCloseable {

    private static final Pattern API_VERSION = Pattern.compile("^/v\\d+(\\.\\d+)?");
    private static final String API = "1.41";
    private static final int RECENT_EVENTS = 256;
    /** What may be a container id's prefix, as Docker accepts one; names never are looked up this way. */
    private static final Pattern ID_PREFIX = Pattern.compile("[0-9a-f]{12,64}");
    /** The networks every engine has; a container on one of them joins no network of {@link #networks}. */
    private static final Set<String> BUILT_IN_NETWORKS = Set.of("bridge", "host");

    private final HttpServer server;
    private final ExecutorService calls = Executors.newVirtualThreadPerTaskExecutor();
    private final EngineFaults faults = new EngineFaults();
    private final List<HollowRoute> routes = routes();
    private final Map<String, HollowContainer> containers = new LinkedHashMap<>();
    private final Map<String, HollowContainer> byName = new HashMap<>();
    private final HollowIndex index = new HollowIndex();
    private final Map<String, String> execs = new ConcurrentHashMap<>();
    private final Map<String, HollowNetwork> networks = new LinkedHashMap<>();
    private final Map<String, HollowVolume> volumes = new LinkedHashMap<>();
    private final Set<HollowEventStream> streams = ConcurrentHashMap.newKeySet();
    /** The last events, for a stream that asks for those since a time: Docker keeps as many. */
    private final Deque<Map<String, Object>> recentEvents = new ArrayDeque<>();
    private int nextAddress = 2;

    private HollowEngine(HttpServer server) {
        this.server = server;
        server.setExecutor(calls);
        server.createContext("/", this::serve);
        server.start();
    }

    /** Starts an engine on a free port of 127.0.0.1. */
    public static HollowEngine start() throws IOException {
        return new HollowEngine(HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 4096));
    }

    /** The endpoint to register it under as a host, {@code tcp://127.0.0.1:<port>}. */
    public String endpoint() {
        return "tcp://127.0.0.1:" + server.getAddress().getPort();
    }

    public EngineFaults faults() {
        return faults;
    }

    /** The running container {@code idOrName} exits with {@code exitCode}, as if its process ended. */
    public void crash(String idOrName, int exitCode) {
        synchronized (this) {
            HollowContainer c = find(idOrName);
            if (c == null || !c.running) {
                throw new IllegalArgumentException("no running container " + idOrName);
            }
            c.exit(exitCode, false);
            publish(c, "die");
        }
    }

    /** How many containers it holds, and how many of them run. */
    public synchronized int containers() {
        return containers.size();
    }

    public synchronized int running() {
        return (int) containers.values().stream().filter(c -> c.running).count();
    }

    /** The names of the networks it holds. */
    public synchronized Set<String> networks() {
        return Set.copyOf(networks.keySet());
    }

    /** Ends every open event stream, as an engine restart would; watchers must connect again. */
    public void dropEventStreams() {
        streams.forEach(HollowEventStream::drop);
    }

    @Override
    public void close() {
        dropEventStreams();
        server.stop(0);
        calls.shutdownNow();
    }

    /** Every operation it serves. */
    private List<HollowRoute> routes() {
        return List.of(
                HollowRoute.of("GET", "/_ping", "ping", call -> call.json(200, "OK")),
                HollowRoute.of("GET", "/version", "version", this::version),
                HollowRoute.of("GET", "/info", "info", this::info),
                HollowRoute.of("POST", "/containers/create", "create", this::create),
                HollowRoute.of("GET", "/containers/json", "list", this::list),
                HollowRoute.of("GET", "/containers/([^/]+)/json", "inspect", this::inspect),
                HollowRoute.of("POST", "/containers/([^/]+)/start", "start", this::startContainer),
                HollowRoute.of("POST", "/containers/([^/]+)/update", "update", this::updateContainer),
                HollowRoute.of("POST", "/containers/([^/]+)/stop", "stop", call -> end(call, "stop", 143)),
                HollowRoute.of("POST", "/containers/([^/]+)/kill", "kill", call -> end(call, "kill", 137)),
                HollowRoute.of("DELETE", "/containers/([^/]+)", "remove", this::remove),
                HollowRoute.of("POST", "/containers/([^/]+)/exec", "exec", this::execCreate),
                HollowRoute.of("POST", "/exec/([^/]+)/start", "exec", this::execStart),
                HollowRoute.of("GET", "/exec/([^/]+)/json", "exec", this::execInspect),
                HollowRoute.of("GET", "/events", "events", this::events),
                HollowRoute.of("GET", "/images/(.+)/json", "inspectImage", this::inspectImage),
                HollowRoute.of("POST", "/images/create", "pull", this::pull),
                HollowRoute.of("POST", "/networks/create", "createNetwork", this::createNetwork),
                HollowRoute.of("GET", "/networks", "listNetworks", this::listNetworks),
                HollowRoute.of("GET", "/networks/([^/]+)", "inspectNetwork", this::inspectNetwork),
                HollowRoute.of("DELETE", "/networks/([^/]+)", "removeNetwork", this::removeNetwork),
                HollowRoute.of("POST", "/volumes/create", "createVolume", this::createVolume),
                HollowRoute.of("GET", "/volumes", "listVolumes", this::listVolumes),
                HollowRoute.of("DELETE", "/volumes/([^/]+)", "removeVolume", this::removeVolume));
    }

    private void serve(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = API_VERSION.matcher(exchange.getRequestURI().getPath()).replaceFirst("");
            for (HollowRoute route : routes) {
                Matcher matcher = route.path().matcher(path);
                if (route.method().equals(exchange.getRequestMethod()) && matcher.matches()) {
                    HollowCall call = new HollowCall(exchange, matcher);
                    HollowFailure failure = faults.before(route.operation());
                    if (failure != null) {
                        call.fail(failure);
                    } else {
                        route.handler().serve(call);
                    }
                    return;
                }
            }
            new HollowCall(exchange, null).fail(new HollowFailure(404, "page not found: " + path));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            new HollowCall(exchange, null).fail(new HollowFailure(500, e.toString()));
        }
    }

    private void version(HollowCall call) throws IOException {
        call.json(200, Map.of("Version", "hollow", "ApiVersion", API, "MinAPIVersion", "1.24", "Os", "linux",
                "Arch", "amd64", "KernelVersion", "hollow", "GoVersion", "none"));
    }

    private synchronized void info(HollowCall call) throws IOException {
        call.json(200, Map.of("Containers", containers.size(), "ContainersRunning", running(), "Name", "hollow",
                "ServerVersion", "hollow", "OperatingSystem", "hollow", "SystemTime", Instant.now().toString()));
    }

    private void create(HollowCall call) throws IOException {
        Map<String, Object> body = call.body();
        Map<String, Object> hostConfig = section(body, "HostConfig");
        String name = call.query("name");
        HollowContainer created;
        synchronized (this) {
            String network = joined(hostConfig);
            if (network == null) {
                call.fail(noSuchNetwork(String.valueOf(hostConfig.get("NetworkMode"))));
                return;
            }
            if (name == null) {
                name = "hollow_" + (containers.size() + 1);
            }
            HollowContainer taken = find(name);
            if (taken != null) {
                call.fail(new HollowFailure(409, "Conflict. The container name \"/" + name
                        + "\" is already in use by container \"" + taken.id + "\""));
                return;
            }
            int n = nextAddress++;
            Map<String, Object> endpoint = section(section(section(body, "NetworkingConfig"), "EndpointsConfig"), network);
            created = new HollowContainer(randomId(), name, (String) body.get("Image"), strings(body, "Cmd"),
                    strings(body, "Env"), labels(body), "10.88." + (n >> 8 & 255) + "." + (n & 255), network,
                    strings(endpoint, "Aliases"), mountedVolumes(strings(hostConfig, "Binds")));
            containers.put(created.id, created);
            byName.put(created.name, created);
            index.add(created);
            publish(created, "create");
        }
        call.json(201, Map.of("Id", created.id, "Warnings", List.of()));
    }

    private void list(HollowCall call) throws IOException {
        Map<String, List<String>> filters = call.filters();
        List<Map<String, Object>> listed = new ArrayList<>();
        synchronized (this) {
            for (HollowContainer c : index.matchable(filters, containers.values())) {
                if ((c.running || call.flag("all")) && matches(c.labels, filters)) {
                    listed.add(c.summary());
                }
            }
        }
        call.json(200, listed);
    }

    private void inspect(HollowCall call) throws IOException {
        Map<String, Object> inspected;
        synchronized (this) {
            HollowContainer c = find(call.path(1));
            inspected = c == null ? null : c.inspect();
        }
        if (inspected == null) {
            call.fail(noSuchContainer(call.path(1)));
        } else {
            call.json(200, inspected);
        }
    }

    private void startContainer(HollowCall call) throws IOException {
        synchronized (this) {
            HollowContainer c = find(call.path(1));
            if (c == null) {
                call.fail(noSuchContainer(call.path(1)));
                return;
            }
            if (c.running) {
                call.empty(304);
                return;
            }
            c.start();
            publish(c, "start");
        }
        call.empty(204);
    }

    /** Docker's update of a container's limits: they hold nothing here, so it only answers as Docker does. */
    private void updateContainer(HollowCall call) throws IOException {
        boolean exists;
        synchronized (this) {
            exists = find(call.path(1)) != null;
        }
        if (exists) {
            call.json(200, Map.of("Warnings", List.of()));
        } else {
            call.fail(noSuchContainer(call.path(1)));
        }
    }

    /** A stop or kill: the container exits with {@code exitCode}; a stopped container answers 304 to a stop, 409 to a kill. */
    private void end(HollowCall call, String action, int exitCode) throws IOException {
        synchronized (this) {
            HollowContainer c = find(call.path(1));
            if (c == null) {
                call.fail(noSuchContainer(call.path(1)));
                return;
            }
            if (!c.running) {
                if (action.equals("stop")) {
                    call.empty(304);
                } else {
                    call.fail(new HollowFailure(409, "container " + c.id + " is not running"));
                }
                return;
            }
            publish(c, "kill");
            c.exit(exitCode, false);
            publish(c, "die");
            if (action.equals("stop")) {
                publish(c, "stop");
            }
        }
        call.empty(204);
    }

    private void remove(HollowCall call) throws IOException {
        synchronized (this) {
            HollowContainer c = find(call.path(1));
            if (c == null) {
                call.fail(noSuchContainer(call.path(1)));
                return;
            }
            if (c.running && !call.flag("force")) {
                call.fail(new HollowFailure(409, "cannot remove container " + c.id + ": container is running"));
                return;
            }
            if (c.running) {
                publish(c, "kill");
                c.exit(137, false);
                publish(c, "die");
            }
            containers.remove(c.id);
            byName.remove(c.name);
            index.remove(c);
            publish(c, "destroy");
        }
        call.empty(204);
    }

    /** An exec's command is not run: it passes (exit 0) while its container runs, and fails (1) otherwise. */
    private void execCreate(HollowCall call) throws IOException {
        String containerId;
        synchronized (this) {
            HollowContainer c = find(call.path(1));
            containerId = c == null ? null : c.id;
        }
        if (containerId == null) {
            call.fail(noSuchContainer(call.path(1)));
            return;
        }
        String execId = containerId.substring(0, 16) + Long.toHexString(ThreadLocalRandom.current().nextLong());
        execs.put(execId, containerId);
        call.json(201, Map.of("Id", execId));
    }

    private void execStart(HollowCall call) throws IOException {
        if (!execs.containsKey(call.path(1))) {
            call.fail(new HollowFailure(404, "no such exec instance: " + call.path(1)));
            return;
        }
        call.stream("application/vnd.docker.raw-stream").close();
    }

    private void execInspect(HollowCall call) throws IOException {
        String containerId = execs.get(call.path(1));
        if (containerId == null) {
            call.fail(new HollowFailure(404, "no such exec instance: " + call.path(1)));
            return;
        }
        boolean passes;
        synchronized (this) {
            HollowContainer c = containers.get(containerId);
            passes = c != null && c.running;
        }
        call.json(200, Map.of("ID", call.path(1), "Running", false, "ExitCode", passes ? 0 : 1,
                "ContainerID", containerId));
    }

    /**
     * The events stream: every event whose actor's attributes match the label filter, as it happens, until dropped;
     * first, with {@code since} (seconds.nanoseconds), those of the last {@value #RECENT_EVENTS} from that time on.
     */
    private void events(HollowCall call) throws IOException, InterruptedException {
        HollowEventStream stream = new HollowEventStream(call.filters());
        String since = call.query("since");
        synchronized (this) {
            if (since != null) {
                long from = new BigDecimal(since).movePointRight(9).longValueExact();
                recentEvents.stream().filter(event -> (long) event.get("timeNano") >= from)
                        .filter(event -> matches(attributesOf(event), stream.filters())).forEach(stream::add);
            }
            streams.add(stream);
        }
        try (OutputStream out = call.stream("application/json")) {
            out.flush();
            while (true) {
                Map<String, Object> event = stream.next();
                if (stream.dropped()) {
                    return;
                }
                if (event != null) {
                    HollowCall.writeLine(out, event);
                }
            }
        } finally {
            streams.remove(stream);
        }
    }

    /** Every image is present: what a pull would have brought. */
    private void inspectImage(HollowCall call) throws IOException {
        String image = call.path(1);
        call.json(200, Map.of("Id", "sha256:" + digest(image), "RepoTags", List.of(image), "RepoDigests", List.of(),
                "Created", Instant.EPOCH.toString(), "Size", 0, "Os", "linux", "Architecture", "amd64"));
    }

    /** A pull of one layer, its progress as a registry reports it, and done. */
    private void pull(HollowCall call) throws IOException {
        String tag = call.query("tag");
        String image = call.query("fromImage") + (tag == null || tag.isEmpty() ? "" : ":" + tag);
        String digest = digest(image);
        String layer = digest.substring(0, 12);
        try (OutputStream out = call.stream("application/json")) {
            for (Map<String, Object> line : List.<Map<String, Object>>of(
                    Map.of("status", "Pulling fs layer", "id", layer),
                    Map.of("status", "Downloading", "id", layer,
                            "progressDetail", Map.of("current", 1024, "total", 1024)),
                    Map.of("status", "Pull complete", "id", layer),
                    Map.of("status", "Digest: sha256:" + digest),
                    Map.of("status", "Status: Downloaded newer image for " + image))) {
                HollowCall.writeLine(out, line);
            }
        }
    }

    /** As Podman: a name already taken answers 500 "network already exists". */
    private void createNetwork(HollowCall call) throws IOException {
        Map<String, Object> body = call.body();
        String name = (String) body.get("Name");
        HollowNetwork created;
        synchronized (this) {
            if (networks.containsKey(name)) {
                call.fail(new HollowFailure(500, "network name " + name + " already used: network already exists"));
                return;
            }
            created = new HollowNetwork(randomId(), name, labels(body), Instant.now());
            networks.put(name, created);
        }
        call.json(201, Map.of("Id", created.id(), "Warning", ""));
    }

    private void listNetworks(HollowCall call) throws IOException {
        Map<String, List<String>> filters = call.filters();
        List<Map<String, Object>> listed = new ArrayList<>();
        synchronized (this) {
            for (HollowNetwork n : networks.values()) {
                if (matches(n.labels(), filters)) {
                    listed.add(n.inspect(attached(n)));
                }
            }
        }
        call.json(200, listed);
    }

    private void inspectNetwork(HollowCall call) throws IOException {
        Map<String, Object> inspected;
        synchronized (this) {
            HollowNetwork n = findNetwork(call.path(1));
            inspected = n == null ? null : n.inspect(attached(n));
        }
        if (inspected == null) {
            call.fail(noSuchNetwork(call.path(1)));
        } else {
            call.json(200, inspected);
        }
    }

    /** As Podman: refused with 500 "network is being used" while a container of any state is on it. */
    private void removeNetwork(HollowCall call) throws IOException {
        synchronized (this) {
            HollowNetwork n = findNetwork(call.path(1));
            if (n == null) {
                call.fail(noSuchNetwork(call.path(1)));
                return;
            }
            if (!attached(n).isEmpty()) {
                call.fail(new HollowFailure(500, "\"" + n.name() + "\" has associated containers with it."
                        + " Use -f to forcibly delete containers and pods: network is being used"));
                return;
            }
            networks.remove(n.name());
        }
        call.empty(204);
    }

    /** As both engines: creating a volume that exists answers it as it is. */
    private void createVolume(HollowCall call) throws IOException {
        Map<String, Object> body = call.body();
        String name = (String) body.get("Name");
        Map<String, Object> created;
        synchronized (this) {
            created = volumes.computeIfAbsent(name, n -> new HollowVolume(n, labels(body), Instant.now())).inspect();
        }
        call.json(201, created);
    }

    private void listVolumes(HollowCall call) throws IOException {
        Map<String, List<String>> filters = call.filters();
        List<Map<String, Object>> listed = new ArrayList<>();
        synchronized (this) {
            for (HollowVolume v : volumes.values()) {
                if (matches(v.labels(), filters)) {
                    listed.add(v.inspect());
                }
            }
        }
        call.json(200, Map.of("Volumes", listed, "Warnings", List.of()));
    }

    /** As Podman: refused with 409 "volume is being used" while a container of any state mounts it. */
    private void removeVolume(HollowCall call) throws IOException {
        String name = call.path(1);
        synchronized (this) {
            if (!volumes.containsKey(name)) {
                call.fail(new HollowFailure(404, "no volume with name \"" + name + "\" found: no such volume"));
                return;
            }
            List<String> users = containers.values().stream().filter(c -> c.volumes.contains(name)).map(c -> c.id).toList();
            if (!users.isEmpty()) {
                call.fail(new HollowFailure(409, "volume " + name + " is being used by the following container(s): "
                        + String.join(", ", users) + ": volume is being used"));
                return;
            }
            volumes.remove(name);
        }
        call.empty(204);
    }

    /**
     * The network a container created with {@code hostConfig} joins: a built-in one, or one of
     * {@link #networks} by name or id; {@code null} for a network that does not exist.
     */
    private String joined(Map<String, Object> hostConfig) {
        Object mode = hostConfig.get("NetworkMode");
        if (mode == null || "".equals(mode) || "default".equals(mode)) {
            return "bridge";
        }
        if (BUILT_IN_NETWORKS.contains(mode)) {
            return (String) mode;
        }
        HollowNetwork n = findNetwork((String) mode);
        return n == null ? null : n.name();
    }

    /** The named volumes of a create's binds ({@code name:/path[:mode]}), made as the engine makes missing ones. */
    private List<String> mountedVolumes(List<String> binds) {
        List<String> named = new ArrayList<>();
        for (String bind : binds) {
            String source = bind.substring(0, Math.max(0, bind.indexOf(':')));
            if (!source.isEmpty() && !source.startsWith("/")) {
                volumes.computeIfAbsent(source, v -> new HollowVolume(v, Map.of(), Instant.now()));
                named.add(source);
            }
        }
        return named;
    }

    private List<HollowContainer> attached(HollowNetwork n) {
        return List.copyOf(index.onNetwork(n.name()));
    }

    private HollowNetwork findNetwork(String idOrName) {
        HollowNetwork named = networks.get(idOrName);
        if (named != null || !ID_PREFIX.matcher(idOrName).matches()) {
            return named;
        }
        return networks.values().stream().filter(n -> n.id().startsWith(idOrName)).findFirst().orElse(null);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String> attributesOf(Map<String, Object> event) {
        return (Map<String, String>) ((Map<String, Object>) event.get("Actor")).get("Attributes");
    }

    /** Called with the engine's lock held, so events leave in the order things happened. */
    private void publish(HollowContainer c, String action) {
        Map<String, String> attributes = new HashMap<>(c.labels);
        attributes.put("name", c.name);
        attributes.put("image", c.image);
        if (action.equals("die")) {
            attributes.put("exitCode", String.valueOf(c.exitCode));
        }
        Instant now = Instant.now();
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("status", action);
        event.put("id", c.id);
        event.put("from", c.image);
        event.put("Type", "container");
        event.put("Action", action);
        event.put("Actor", Map.of("ID", c.id, "Attributes", attributes));
        event.put("scope", "local");
        event.put("time", now.getEpochSecond());
        event.put("timeNano", now.getEpochSecond() * 1_000_000_000L + now.getNano());
        recentEvents.addLast(event);
        if (recentEvents.size() > RECENT_EVENTS) {
            recentEvents.removeFirst();
        }
        for (HollowEventStream stream : streams) {
            if (matches(attributes, stream.filters())) {
                stream.add(event);
            }
        }
    }

    private HollowContainer find(String idOrName) {
        HollowContainer byId = containers.get(idOrName);
        if (byId != null) {
            return byId;
        }
        HollowContainer named = byName.get(idOrName.startsWith("/") ? idOrName.substring(1) : idOrName);
        if (named != null || !ID_PREFIX.matcher(idOrName).matches()) {
            return named;
        }
        return containers.values().stream().filter(c -> c.id.startsWith(idOrName)).findFirst().orElse(null);
    }

    private static HollowFailure noSuchContainer(String idOrName) {
        return new HollowFailure(404, "No such container: " + idOrName);
    }

    private static HollowFailure noSuchNetwork(String idOrName) {
        return new HollowFailure(404, "unable to find network with name or ID " + idOrName + ": network not found");
    }

    private static String randomId() {
        byte[] id = new byte[32];
        ThreadLocalRandom.current().nextBytes(id);
        return HexFormat.of().formatHex(id);
    }

    /** A stable digest of an image reference, so an image keeps its id across inspects and pulls. */
    private static String digest(String image) {
        return Sha256.hex(image);
    }

    /** The JSON object under {@code key}, empty when absent. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> section(Map<String, Object> body, String key) {
        return body.get(key) instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
    }

    /** The list of strings under {@code key}, empty when absent. */
    @SuppressWarnings("unchecked")
    private static List<String> strings(Map<String, Object> body, String key) {
        return body.get(key) instanceof List<?> list ? List.copyOf((List<String>) list) : List.of();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String> labels(Map<String, Object> body) {
        return body.get("Labels") instanceof Map<?, ?> map ? Map.copyOf((Map<String, String>) map) : Map.of();
    }

    /** Docker's label filter: every {@code key} or {@code key=value} given must hold. */
    static boolean matches(Map<String, String> labels, Map<String, List<String>> filters) {
        for (String wanted : filters.getOrDefault("label", List.of())) {
            int eq = wanted.indexOf('=');
            boolean holds = eq < 0 ? labels.containsKey(wanted)
                    : wanted.substring(eq + 1).equals(labels.get(wanted.substring(0, eq)));
            if (!holds) {
                return false;
            }
        }
        return true;
    }
}
