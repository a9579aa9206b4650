#!/usr/bin/env bash
# Kills running pod containers through the engine and reports detection and repair times.
# Usage: bench/repair-benchmark.sh [--kills N] [--pods P] [--events on|off] [--resync 5s]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
eval "$(./steward env)"
# The test classpath: the in-process Temporal test server is a test dependency, not the service's.
mvn -B -q -pl app -am package dependency:build-classpath -DskipTests -Dmdep.includeScope=test \
    -Dmdep.outputFile=target/bench.classpath
exec "$JAVA_HOME/bin/java" -cp "app/target/test-classes:app/target/classes:$(cat app/target/bench.classpath)" \
    -Dlogback.configurationFile=app/src/test/resources/logback-test.xml \
    dev.steward.app.RepairBenchmark "$@"
