#!/usr/bin/env bash
# Fuzzes the statement parser and evaluator with libFuzzer for a bounded time:
#   bash Tests/Fuzz/run.sh [SECONDS]     (default 60; CI runs 30)
# Seeds come from the transcripts' statements. A crash leaves its input in
# .build-fuzz/crash-*; add that input to the tests when fixing it.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v swiftc >/dev/null 2>&1 || export PATH="$PATH:/opt/swift/usr/bin"
seconds="${1:-60}"
out=.build-fuzz
mkdir -p "$out/corpus"
swiftc -O -sanitize=fuzzer -parse-as-library -module-name PerFuzz \
    $(find Sources/PerCore -name '*.swift' | sort) Tests/Fuzz/FuzzStatements.swift \
    -o "$out/fuzz-statements" 2>&1 | grep -E "error" || true
[ -x "$out/fuzz-statements" ] || { echo "the fuzz target did not build"; exit 1; }
# One seed per transcript statement.
grep -h '^< ' Tests/PerTranscriptTests/Transcripts/*.transcript | cut -c3- | split -l 1 - "$out/corpus/seed-"
cd "$out"
./fuzz-statements -max_total_time="$seconds" -max_len=512 -timeout=5 -rss_limit_mb=1024 corpus 2>&1 | tail -4
