package dev.steward.app.bench;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How much the suite measures: {@link #quick()} keeps every scenario and its floor at small counts,
 * so CI runs it in a couple of minutes; {@link #full()} has the counts the targets are judged on.
 *
 * @param startups sessions of 2 x 2 busybox pods created one after another on Podman (scenario 1)
 * @param kills pods killed once each on Podman (scenario 2)
 * @param concurrency the numbers of concurrent creations on the hollow engine (scenario 3)
 * @param live the numbers of live sessions held at once on the hollow engine (scenario 4)
 * @param partRestarts restarts of one pod, for the part's history (scenario 5)
 * @param deliveries sessions created and deleted while 10 subscriptions take their events (scenario 6)
 * @param streams event streams held open while the service idles (scenario 7)
 * @param out where the report, CSV and plots go
 * @param settings the service's settings that differ from its defaults, e.g. {@code steward.reconcile.events-enabled}
 * @param scenarios the scenarios to run, 1 to 7
 */
record BenchOptions(boolean quick, int startups, int kills, List<Integer> concurrency, List<Integer> live,
        int partRestarts, int deliveries, int streams, Path out, Map<String, Object> settings,
        List<Integer> scenarios) {

    private static final List<Integer> ALL = List.of(1, 2, 3, 4, 5, 6, 7);

    static BenchOptions quick(Path out) {
        return new BenchOptions(true, 5, 5, List.of(1, 10), List.of(50), 40, 3, 100, out, Map.of(), ALL);
    }

    static BenchOptions full(Path out) {
        return new BenchOptions(false, 30, 50, List.of(1, 10, 100, 1000), List.of(1000, 10_000), 1000, 10, 500, out,
                Map.of(), ALL);
    }

    /**
     * {@code --quick}, {@code --out DIR}, {@code --live N,N}, {@code --concurrency N,N}, and
     * {@code --set name=value} for a setting of the service (repeatable), {@code --scenarios N,N}, {@code --restarts N}; the rest
     * as {@link #full}.
     */
    static BenchOptions parse(String[] args) {
        Path out = Path.of("target", "bench");
        boolean quick = false;
        List<Integer> live = null;
        List<Integer> concurrency = null;
        Map<String, Object> settings = new LinkedHashMap<>();
        List<Integer> scenarios = ALL;
        Integer restarts = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--quick" -> quick = true;
                case "--out" -> out = Path.of(args[++i]);
                case "--live" -> live = numbers(args[++i]);
                case "--concurrency" -> concurrency = numbers(args[++i]);
                case "--scenarios" -> scenarios = numbers(args[++i]);
                case "--restarts" -> restarts = Integer.valueOf(args[++i]);
                case "--set" -> {
                    String[] setting = args[++i].split("=", 2);
                    settings.put(setting[0], setting[1]);
                }
                default -> throw new IllegalArgumentException("unknown argument " + args[i]
                        + "; expected --quick, --out DIR, --live N,N, --concurrency N,N, --set name=value, --scenarios N,N, --restarts N");
            }
        }
        BenchOptions chosen = quick ? quick(out) : full(out);
        return new BenchOptions(chosen.quick(), chosen.startups(), chosen.kills(),
                concurrency == null ? chosen.concurrency() : concurrency, live == null ? chosen.live() : live,
                restarts == null ? chosen.partRestarts() : restarts, chosen.deliveries(), chosen.streams(), out,
                Map.copyOf(settings), scenarios);
    }

    private static List<Integer> numbers(String list) {
        return java.util.Arrays.stream(list.split(",")).map(String::strip).map(Integer::valueOf).toList();
    }
}
