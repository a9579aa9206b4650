package dev.steward.app;

import io.micronaut.runtime.Micronaut;

public class Application {

    public static void main(String[] args) {
        // No banner: stdout carries log lines only (one JSON object a line with STEWARD_LOG_FORMAT=json).
        Micronaut.build(args).mainClass(Application.class).banner(false).start();
    }
}
