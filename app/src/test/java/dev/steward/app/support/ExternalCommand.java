package dev.steward.app.support;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A tool the tests run to its end (kubectl, node, podman...), its output and errors read as one text. */
public final class ExternalCommand {

    private ExternalCommand() {}

    /**
     * @param environment added to this process's
     * @param input written to the tool's stdin
     * @return what the tool wrote; the test fails with it when the tool is missing, fails or overruns
     */
    public static String run(Path directory, Map<String, String> environment, String input, Duration deadline,
            List<String> command) {
        String line = String.join(" ", command);
        try {
            Path output = Files.createTempFile("steward-command", ".out");
            ProcessBuilder builder = new ProcessBuilder(command)
                    .directory(directory.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(Redirect.to(output.toFile()));
            builder.environment().putAll(environment);
            Process process;
            try {
                process = builder.start();
            } catch (IOException missing) {
                return fail(command.getFirst() + " is missing: ./steward test installs the tools the tests run"
                        + " where they are missing", missing);
            }
            try (OutputStream stdin = process.getOutputStream()) {
                stdin.write(input.getBytes(StandardCharsets.UTF_8));
            }
            if (!process.waitFor(deadline.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                fail(line + " took longer than " + deadline.toSeconds() + " s");
            }
            String text = Files.readString(output);
            Files.delete(output);
            if (process.exitValue() != 0) {
                fail(line + " failed (" + process.exitValue() + "):\n" + text);
            }
            return text;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
