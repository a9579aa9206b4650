package dev.steward.app.bench;

/** One point of a {@link BenchPlot}. */
record BenchPoint(double x, double y) {}
