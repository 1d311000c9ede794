#!/usr/bin/env bash
# Installs what building, running and testing need, if it is missing: the ncursesw headers
# and tmux (for the end-to-end tests). Idempotent: does nothing when all is present.
set -euo pipefail

missing=()
if [ "$(uname -s)" = "Linux" ]; then
    [ -e /usr/include/ncursesw/curses.h ] || [ -e /usr/include/ncurses.h ] || missing+=(libncurses-dev)
    command -v tmux >/dev/null 2>&1 || missing+=(tmux)
    if [ "${EVENTBUS_SCREENSHOT_DEPS:-0}" = "1" ]; then
        /usr/bin/python3 -c 'import pyte, PIL' 2>/dev/null || missing+=(python3-pyte python3-pil)
        [ -e /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf ] || missing+=(fonts-dejavu-core)
    fi
else
    command -v tmux >/dev/null 2>&1 || echo "note: tmux not found; 'brew install tmux' to run the end-to-end tests" >&2
    exit 0
fi

[ ${#missing[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
    echo "error: missing ${missing[*]}; install them with your package manager" >&2
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
