#!/usr/bin/env bash
# Builds the EventBus DocC archive from the library's symbol graph, without the DocC plugin
# (SwiftPM cannot fetch it here), and fails on any documentation warning. Only the EventBus
# target is built, so the docs don't wait on the demo or the benchmark. Then draws the demo's
# flow map with Graphviz.
set -euo pipefail
cd "$(dirname "$0")/.."

graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
swift build --scratch-path .build/docs-build --target EventBus \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public >/dev/null

docc=$(command -v docc || echo "$(dirname "$(command -v swift)")/docc")
"$docc" convert Sources/EventBus/EventBus.docc \
    --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name EventBus \
    --fallback-bundle-identifier org.swift-eventbus.EventBus \
    --output-path .build/EventBus.doccarchive \
    --warnings-as-errors
echo "docs: .build/EventBus.doccarchive"

# The demo's flow map (docs/flow-map.dot, kept up to date by FlowMapDocTests) as SVG.
bash scripts/ensure-deps.sh docs
dot -Tsvg docs/flow-map.dot -o docs/flow-map.svg
echo "docs: docs/flow-map.svg"
