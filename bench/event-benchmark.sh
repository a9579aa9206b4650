#!/usr/bin/env bash
# CloudEvents in: events stored per second, POST latency, and event -> RUNNING next to POST -> RUNNING.
# Usage: bench/event-benchmark.sh [--events 200] [--sessions 200] [--senders 8] [--in-flight 4]
set -euo pipefail
# shellcheck source=bench/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
run_test_main dev.steward.app.bench.EventBenchmark "$@"
