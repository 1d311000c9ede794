#!/usr/bin/env bash
# Builds the EventBus DocC archive from the symbol graph, without the DocC plugin (SwiftPM
# cannot fetch it here), and fails on any documentation warning.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build/docs-build
swift package --scratch-path "$scratch" dump-symbol-graph --minimum-access-level public >/dev/null
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
find "$scratch" -path '*symbolgraph*' -name 'EventBus*.symbols.json' ! -name 'EventBusTesting*' \
    -exec cp {} "$graphs" \;

docc=$(command -v docc || echo "$(dirname "$(command -v swift)")/docc")
"$docc" convert Sources/EventBus/EventBus.docc \
    --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name EventBus \
    --fallback-bundle-identifier org.swift-eventbus.EventBus \
    --output-path .build/EventBus.doccarchive \
    --warnings-as-errors
echo "docs: .build/EventBus.doccarchive"
