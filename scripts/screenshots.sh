#!/usr/bin/env bash
# Regenerates screenshots/*.png from real tmux captures of the running app.
#
# Starts eventdemo in a private tmux server at 100x30, drives it with keys, waits for the
# expected text (no fixed sleeps), captures with `capture-pane -e -p` (keeping colours) and
# renders each capture with scripts/render_screenshot.py (python3-pyte, python3-pil and
# fonts-dejavu-core on Debian).
set -euo pipefail
cd "$(dirname "$0")/.."

COLUMNS=100
ROWS=30
/usr/bin/python3 -c 'import pyte, PIL' 2>/dev/null || {
    echo "screenshots: needs python3-pyte and python3-pil (apt-get install -y python3-pyte python3-pil fonts-dejavu-core)" >&2
    exit 1
}
swift build --product eventdemo >&2
BIN="$PWD/.build/debug/eventdemo"
SOCKET="eventdemo-shots-$$"
WORK="$(mktemp -d)"
tm() { tmux -L "$SOCKET" -f /dev/null "$@"; }
trap 'tm kill-server 2>/dev/null || true; rm -rf "$WORK"' EXIT

# Polls the screen until every argument is on it: fixed strings with wait_for, extended
# regular expressions with wait_for_match. The timeout is generous because these machines are
# shared (a first frame can take seconds while others build); a passing wait returns at once.
WAIT_SECONDS=${WAIT_SECONDS:-90}
wait_for() { wait_until -F "$@"; }
wait_for_match() { wait_until -E "$@"; }
wait_until() {
    local mode="$1" deadline=$((SECONDS + WAIT_SECONDS)) text current missing
    shift
    while ((SECONDS < deadline)); do
        current="$(tm capture-pane -t shots -p)"
        missing=0
        for text in "$@"; do grep -q "$mode" -- "$text" <<<"$current" || missing=1; done
        ((missing == 0)) && return 0
        sleep 0.1
    done
    echo "screenshots: timed out after ${WAIT_SECONDS}s waiting for: $*" >&2
    tm capture-pane -t shots -p >&2
    exit 1
}

shoot() {
    # ncurses may be mid-refresh when we capture: take captures until two in a row agree.
    tm capture-pane -t shots -e -p >"$WORK/$1.ans"
    until tm capture-pane -t shots -e -p | cmp -s - "$WORK/$1.ans"; do
        tm capture-pane -t shots -e -p >"$WORK/$1.ans"
    done
    /usr/bin/python3 scripts/render_screenshot.py "$WORK/$1.ans" "screenshots/$1.png" "$COLUMNS" "$ROWS"
    echo "screenshots/$1.png"
}

keys() { for key in "$@"; do tm send-keys -t shots "$key"; done; }

mkdir -p screenshots
tm new-session -d -s shots -x "$COLUMNS" -y "$ROWS" "export TERM=xterm-256color; '$BIN'"
wait_for "Signed out" "Nothing published yet"
shoot logged-out

keys l
wait_for "Alice Martin"
keys a a a a a
wait_for "Total (5 items)"
keys Down Down Down
wait_for "▸1 × Paper filters"
shoot logged-in-cart

keys x a a c # five items are over the audit's limit: check out two
wait_for "Order #1001"
keys a a x a a r
wait_for "Total (1 item)"
keys c a l
wait_for "Signed out" "UserDidLogoutEvent"
keys l
wait_for "Signing in as alice"
keys Tab
wait_for "┏━ Event log"
shoot event-log

# The Bus view: every live subscription from the bus's introspection snapshot, with the
# loyalty handler's error from the checkout above.
keys 3
wait_for "Subscriptions:" "LoyaltyService threw"
shoot view-bus
keys q

# Back-pressure: a fresh app, the ticker's bursts waiting for their paced turn, and the event
# log in step mode with events waiting for space.
wait_for_exit() { while tm has-session -t shots 2>/dev/null; do sleep 0.05; done; }
wait_for_exit
tm new-session -d -s shots -x "$COLUMNS" -y "$ROWS" "export TERM=xterm-256color; '$BIN'"
wait_for "Signed out"
keys l
wait_for "Alice Martin"
# How many records wait and how many ticks the pace dropped depends on how the bursts fell
# against the pace's clock: wait for the step mode with a backlog and for drops, not for exact
# counts (the status line says `‖ STEP · N waiting · M dropped` once the log's backlog drops).
keys 2 a a s t t t Space Space Space
wait_for_match "‖ STEP · [0-9]+ waiting" "dropped [1-9]"
shoot step-mode-ticker
keys q

# 80x24, where the layout is tightest: the Shop after a checkout (the loyalty error under its
# order, nested publishes marked), then Enter on the order's row opens its details.
wait_for_exit
COLUMNS=80
ROWS=24
tm new-session -d -s shots -x "$COLUMNS" -y "$ROWS" "export TERM=xterm-256color; '$BIN'"
wait_for "Signed out"
keys l
wait_for "Alice Martin"
keys a a c
wait_for "Order #1001" "LoyaltyService threw"
shoot shop-80x24
tm send-keys -t shots / && tm send-keys -t shots -l CheckoutDid && keys Enter Down Enter
wait_for "#" "Reached" "Esc closes"
shoot detail-80x24
keys Escape q

# 200x60, where a large terminal should show more, not blank: the Flow view's ticker history as
# a chart with the ticks its pace dropped, the guide's table of who gets a tick, the log's
# RECEIVED BY column and payload fields; the Shop's cart history; the Bus view's last payloads.
wait_for_exit
COLUMNS=200
ROWS=60
tm new-session -d -s shots -x "$COLUMNS" -y "$ROWS" "export TERM=xterm-256color; '$BIN'"
wait_for "Signed out"
keys l
wait_for "Alice Martin"
keys a a 2 t t t
wait_for "#14  BEAN" "⊘ dropped #2" "HANDLED" "RECEIVED BY"  # the pane has shown six ticks
shoot flow-200x60
# The Shop after a checkout: the cart pane lists what its subscriptions heard, the log shows
# payloads with their field names; then the Bus view's last payload per type and its key to
# the delivery kinds, and under it the last publishes.
keys 1 c
wait_for "Order #1001" "WHAT CARTPANE HEARD" "SubscriberFailure"
shoot shop-200x60
keys 3
wait_for "LAST PAYLOAD" "HOW EACH DELIVERY RUNS" "orderNumber: 1001, total: " "LAST PUBLISHES"
shoot bus-200x60
keys q
