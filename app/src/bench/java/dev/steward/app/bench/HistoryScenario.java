package dev.steward.app.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.steward.app.support.hollow.HollowEngine;
import dev.steward.contract.WorkflowIds;
import io.temporal.client.WorkflowClient;
import io.temporal.common.WorkflowExecutionHistory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Scenario 5: history events per run. A part on the hollow engine whose one pod is crashed and
 * restarted many times (backoff base 0, no crash-loop cap): its runs and their lengths, bounded by
 * continue-as-new. The two-hour session of 3 x 2 pods runs on the workflow tests' time-skipping
 * server; {@code ./steward bench} runs that test first and leaves its line in {@code history-2h.txt}.
 */
final class HistoryScenario {

    private final BenchService service;
    private final HollowEngine engine;
    private final Map<String, String> selector;
    private final BenchReport report;

    HistoryScenario(BenchService service, HollowEngine engine, Map<String, String> selector, BenchReport report) {
        this.service = service;
        this.engine = engine;
        this.selector = selector;
        this.report = report;
    }

    void run(int restarts, Path out) throws Exception {
        twoHourSession(out.resolve("history-2h.txt"));
        String owner = "bench-history-" + service.run();
        UUID id = service.create(Map.of("owner", owner,
                "restart", Map.of("backoffBaseSeconds", 0, "maxRestarts", 0),
                "parts", List.of(Map.of("name", "web", "pods", List.of(BenchService.pod("app", selector))))));
        service.awaitStatus(id, "RUNNING", Duration.ofMinutes(2), 20);
        for (int restart = 1; restart <= restarts; restart++) {
            engine.crash(pod(id).get("containerId").asText(), 1);
            int expected = restart;
            BenchService.await("restart " + expected, Duration.ofMinutes(1), 5, () -> {
                JsonNode pod = pod(id);
                return pod.get("restarts").asInt() == expected && "READY".equals(pod.get("status").asText());
            });
        }
        List<Long> lengths = partRunLengths(service.temporal(), id);
        service.deleteAll(List.of(id), Duration.ofMinutes(5));
        long largest = lengths.stream().mapToLong(Long::longValue).max().orElseThrow();
        report.row(new BenchRow(5, "a part restarting its pod " + restarts + " times: runs, largest run",
                lengths.size() + " runs, " + largest + " events", "-", "bounded by continue-as-new",
                lengths.size() > 1 || largest < 2_000));
        report.raw("history/part-run-events", lengths);
        report.plot("history.png", "Part history events per run, " + restarts + " restarts", "run", "events", true)
                .addAll("events", lengths);
    }

    private JsonNode pod(UUID id) {
        return service.get(id).get("parts").get(0).get("pods").get(0);
    }

    private void twoHourSession(Path line) throws IOException {
        if (!Files.exists(line)) {
            report.note("the two-hour session's history comes from SessionTimeslotTest, which `./steward bench` runs"
                    + " first; this run did not (see docs/benchmarks.md, History lengths)");
            return;
        }
        // "two-hour slot, 3 parts x 2 pods: session history events per run [a, b]; part histories [...]"
        String text = Files.readString(line).strip();
        java.util.regex.Matcher runs = java.util.regex.Pattern.compile("per run \\[([^\\]]*)\\]").matcher(text);
        if (!runs.find()) {
            throw new IllegalStateException("no events per run in " + line + ": " + text);
        }
        long largest = java.util.Arrays.stream(runs.group(1).split(",")).map(String::strip).mapToLong(Long::parseLong)
                .max().orElseThrow();
        report.row(new BenchRow(5, "a two-hour session of 3 x 2 pods (time-skipping server): events per run",
                "[" + runs.group(1) + "]", "-", "<= 300 events per run", largest <= 300));
        report.note("two-hour session: " + text);
    }

    /** Events per run of the part's workflow, first run to last. */
    private static List<Long> partRunLengths(WorkflowClient temporal, UUID sessionId) {
        String workflowId = WorkflowIds.part(sessionId, "web");
        List<Long> lengths = new ArrayList<>();
        WorkflowExecutionHistory run = temporal.fetchHistory(workflowId);
        while (true) {
            lengths.addFirst((long) run.getEvents().size());
            String before = run.getEvents().getFirst().getWorkflowExecutionStartedEventAttributes()
                    .getContinuedExecutionRunId();
            if (before.isEmpty()) {
                return lengths;
            }
            run = temporal.fetchHistory(workflowId, before);
        }
    }
}
