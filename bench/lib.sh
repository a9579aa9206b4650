# What the bench scripts share: the tests' environment (./steward env), the packaged service and its
# test classpath (where the benchmarks live), and a JVM to run one in.
# shellcheck shell=bash

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
eval "$(./steward env)"

# Runs the main class $1 of app's test sources with the remaining arguments, from app/ as the tests run.
run_test_main() {
  local main=$1
  shift
  mvn -B -q -pl app -am package dependency:build-classpath -DskipTests -Dmdep.includeScope=test \
      -Dmdep.outputFile=target/bench.classpath
  cd app
  exec "$JAVA_HOME/bin/java" -cp "target/test-classes:target/classes:$(cat target/bench.classpath)" \
      -Dlogback.configurationFile=src/test/resources/logback-test.xml "$main" "$@"
}
