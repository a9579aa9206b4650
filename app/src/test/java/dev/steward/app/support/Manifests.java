package dev.steward.app.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * The repository's {@code k8s/} copied to a directory of its own (the dev overlay's secrets are
 * generated there, the validator's npm packages installed there), rendered with {@code kubectl
 * kustomize} and read back as objects.
 */
public final class Manifests {

    private static final Duration COMMAND_DEADLINE = Duration.ofMinutes(5);

    private final Path root;

    private Manifests(Path root) {
        this.root = root;
    }

    /** Copies {@code k8s/}, without installed packages or generated secrets, and prepares the copy. */
    public static Manifests prepare() throws IOException {
        Path source = Path.of("..", "k8s").toAbsolutePath().normalize();
        Path copy = Files.createTempDirectory("steward-k8s");
        try (Stream<Path> files = Files.walk(source)) {
            for (Path file : files.filter(f -> !f.toString().contains("node_modules")
                    && !f.toString().contains("/secrets/")).toList()) {
                Path target = copy.resolve(source.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target);
                }
            }
        }
        Manifests manifests = new Manifests(copy);
        manifests.run(copy.resolve("validate"), null, "npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts");
        manifests.run(copy, null, "bash", "overlays/dev/generate-secrets.sh");
        return manifests;
    }

    public Path root() {
        return root;
    }

    /** The overlay rendered by kubectl kustomize, as text. */
    public String render(String overlay) {
        return run(root, null, "kubectl", "kustomize", "overlays/" + overlay);
    }

    /** What the schema validator says of the rendered text; fails when it finds an invalid object. */
    public String validate(String rendered) {
        return run(root.resolve("validate"), rendered, "node", "validate.mjs");
    }

    /** The rendered objects. */
    @SuppressWarnings("unchecked")
    public static List<Map<String, Object>> objects(String rendered) {
        List<Map<String, Object>> objects = new ArrayList<>();
        for (Object document : new Yaml(new LoaderOptions()).loadAll(rendered)) {
            if (document != null) {
                objects.add((Map<String, Object>) document);
            }
        }
        return objects;
    }

    private String run(Path directory, String input, String... command) {
        return ExternalCommand.run(directory, Map.of(), input == null ? "" : input, COMMAND_DEADLINE, List.of(command));
    }
}
