#!/usr/bin/env bash
# Fuzzes the real eventdemo binary in tmux: thousands of random inputs (printable keys, control
# keys including Ctrl-S/Ctrl-Q/Ctrl-Z, escape sequences, mouse reports, bracketed pastes, valid
# and invalid UTF-8) sent in bursts, with random resizes from 1x1 to 250x80 between them. At
# checkpoints it lays the app out at 100x30 and checks the panes' invariants; at the end the app
# must still answer `q`, exit 0 and leave the terminal as it found it.
#
# Reproducible: the inputs come from bash's RANDOM seeded with FUZZ_SEED, printed first.
# Bounded: FUZZ_INPUTS inputs (default 4000) or FUZZ_SECONDS seconds (default 60), whichever
# comes first. Never sends `q` or a click on the help bar's Quit (that ends the run), Ctrl-C or
# Ctrl-\ (signals; run.sh tests those). Ctrl-Z is sent: started by `sh -c` there is no job
# control, so the kernel discards the stop and the app repaints (docs/eventdemo.md).
#
# Usage: FUZZ_SEED=1234 Tests/e2e/fuzz.sh   (`make fuzz`; `make test` runs it)
set -uo pipefail
cd "$(dirname "$0")/../.."

command -v tmux >/dev/null || { echo "fuzz: tmux is required (apt-get install -y tmux)" >&2; exit 1; }
swift build --product eventdemo >&2 || { echo "fuzz: build failed" >&2; exit 1; }
BIN="$PWD/.build/debug/eventdemo"

SEED="${FUZZ_SEED:-$(( $(date +%s) % 1000000 ))}"
INPUTS="${FUZZ_INPUTS:-4000}"
SECONDS_BUDGET="${FUZZ_SECONDS:-60}"
RANDOM="$SEED"
echo "fuzz: seed $SEED (replay with FUZZ_SEED=$SEED $0)"

WORK="$(mktemp -d)"
SOCKET="$WORK/tmux.sock" # Inside WORK, so no socket file outlives the run.
tm() { tmux -S "$SOCKET" -f /dev/null "$@"; }
trap 'tm kill-server 2>/dev/null; rm -rf "$WORK"' EXIT

fail() {
    echo "fuzz: FAIL (seed $SEED, after $sent inputs): $*"
    if [ -n "${frame:-}" ]; then
        echo "---- checked frame ----"
        sed 's/^/    /' <<<"$frame"
    fi
    echo "---- screen (pane $(tm display-message -p -t fuzz '#{pane_width}x#{pane_height}'), tty $(tty_size)) ----"
    tm capture-pane -t fuzz -p 2>/dev/null | sed 's/^/    /'
    [ -s "$WORK/status" ] && echo "---- the app exited with status $(cat "$WORK/status") ----"
    echo "---- app stderr ----"
    sed 's/^/    /' "$WORK/app.err" 2>/dev/null
    exit 1
}

screen() { tm capture-pane -t fuzz -p 2>/dev/null; }

# A frame may be captured mid-refresh: take captures until two in a row agree.
stable_screen() {
    local previous current tries=0
    previous="$(screen)"
    while ((tries < 100)); do
        sleep 0.05
        current="$(screen)"
        [ "$current" = "$previous" ] && { printf '%s\n' "$current"; return; }
        previous="$current"
        tries=$((tries + 1))
    done
    printf '%s\n' "$current"
}

# wait_for TEXT: polls until TEXT is on the screen, or 10 s pass.
wait_for() {
    local deadline=$((SECONDS + 10))
    while ((SECONDS < deadline)); do
        screen | grep -qF -- "$1" && return 0
        sleep 0.05
    done
    return 1
}

# wait_for_gone TEXT: polls until TEXT is no longer on the screen, or 10 s pass.
wait_for_gone() {
    local deadline=$((SECONDS + 10))
    while ((SECONDS < deadline)); do
        screen | grep -qF -- "$1" || return 0
        sleep 0.05
    done
    return 1
}

hex() { printf '%02x' "$@"; }
pick() { local items=("$@"); printf '%s' "${items[RANDOM % ${#items[@]}]}"; }

# Printable ASCII except q (0x71), which would quit.
printable_byte() {
    local byte=$((0x20 + RANDOM % 95))
    ((byte == 0x71)) && byte=0x61
    echo "$byte"
}

# One random input as hex bytes separated by spaces.
random_input() {
    case $((RANDOM % 10)) in
    0 | 1 | 2) # The app's own keys, so the services are busy; no q.
        hex "'$(pick l a a a r r c x '?' j k)" ;;
    3) hex "$(printable_byte)" ;;
    4) # Control bytes except Ctrl-C (03) and Ctrl-\ (1c); tab, enter, Ctrl-S/Q/Z included.
        pick 01 02 04 05 06 07 08 09 0a 0d 0f 11 12 13 14 15 16 17 18 1a 1b 1d 1e 1f 7f 00 ;;
    5) # Escape sequences: arrows, Shift-Tab, function keys, CSI with odd parameters, Alt-keys.
        pick "1b 5b 41" "1b 5b 42" "1b 5b 43" "1b 5b 44" "1b 5b 5a" "1b 4f 50" "1b 5b 31 35 7e" \
            "1b 5b 33 7e" "1b 5b 35 7e" "1b 5b 36 7e" "1b 5b 31 3b 35 41" "1b 5b 39 39 39 39 39 39 39 7e" \
            "1b 61" "1b 6c" "1b 1b" "1b" "1b 5b" "1b 4f" "1b 5b 3f 32 35 68" ;;
    6) # Mouse reports, X10 (raw bytes, columns up to 0xff) and SGR, on rows 1-22: clicks there
        # focus panes or scroll, but never reach the help bar, which is row 24 or lower whenever
        # the app lays its panes out (its Quit button would end the run).
        printf '1b 5b 4d %02x %02x %02x' $((32 + RANDOM % 4)) $((33 + RANDOM % 223)) $((33 + RANDOM % 22))
        [ $((RANDOM % 2)) = 0 ] && printf ' 1b 5b 3c 30 3b %s 3b %s 4d' "$(hex "'$((RANDOM % 10))")" "$(hex "'$((RANDOM % 10))")"
        ;;
    7) # A bracketed paste of a few app keys and text (no q).
        printf '1b 5b 32 30 30 7e'
        for _ in 1 2 3 4; do printf ' %s' "$(hex "$(printable_byte)")"; done
        printf ' 1b 5b 32 30 31 7e' ;;
    8) # Valid UTF-8: é, €, ─, a CJK ideograph, an emoji, a combining accent.
        pick "c3 a9" "e2 82 ac" "e2 94 80" "e4 b8 ad" "f0 9f 98 80" "65 cc 81" ;;
    9) # Invalid UTF-8: stray continuation, overlong, truncated, surrogate, bytes never valid.
        pick "80" "bf" "c0 af" "e2 82" "f0 9f 98" "ed a0 80" "f5 80 80 80" "fe" "ff" "c3 28" ;;
    esac
}

# Starts the app at 100x30 under `sh -c` (no job control); records its exit status and the
# tty's modes after it exits.
tm new-session -d -s fuzz -x 100 -y 30 \
    "export TERM=xterm-256color; stty -a >'$WORK/before.stty'; '$BIN' 2>'$WORK/app.err'; echo \$? >'$WORK/status'; stty -a >'$WORK/after.stty'; sleep 600"
wait_for "Event log" || fail "the app did not start"
app_pid="$(pgrep -P "$(tm list-panes -t fuzz -F '#{pane_pid}')" | head -n 1)"

# The pane's tty size as the app sees it ("rows cols"). tmux may apply a resize to the tty a
# little after resize-window returns.
tty_size() {
    local tty
    tty="$(tm display-message -p -t fuzz '#{pane_tty}')"
    stty size -F "$tty" 2>/dev/null || stty -f "$tty" size 2>/dev/null
}

# checkpoint: back to 100x30 with the help closed, then the invariants on a stable frame.
# tty_settles_at ROWS COLS: true once the tty has had that size for 0.3 s running (10 s at most).
tty_settles_at() {
    local deadline=$((SECONDS + 10)) steady=0
    while ((SECONDS < deadline && steady < 6)); do
        if [ "$(tty_size)" = "$1 $2" ]; then steady=$((steady + 1)); else steady=0; fi
        sleep 0.05
    done
    ((steady >= 6))
}

# resize_to_checkpoint_size: the pane and its tty at 100x30, agreeing. tmux sets a pane's grid at
# once and its tty's size later, from a queue: two queued resizes that end at the size they
# started from are applied one at a time, and tmux 3.3 can leave the second unapplied, so the tty
# keeps the middle size while the pane shows 100x30 (the app, rightly, draws for its tty: a "too
# small" screen in a corner, the rest blank). So the checkpoint first lets the burst's resizes
# land, then resizes once; a tty stuck at another size is nudged through 99x30.
resize_to_checkpoint_size() {
    local size
    size="$(tm display-message -p -t fuzz '#{pane_height} #{pane_width}')"
    # shellcheck disable=SC2086 # Two words, rows and columns.
    tty_settles_at $size || true # A stuck queue is nudged below.
    local tries=0
    while ((tries++ < 3)); do
        tm resize-window -t fuzz -x 100 -y 30
        tty_settles_at 30 100 && return 0
        tm resize-window -t fuzz -x 99 -y 30
        tty_settles_at 30 99
    done
    fail "tmux did not resize the tty to 100x30"
}

checkpoint() {
    resize_to_checkpoint_size
    # Overlays that hide the panes (help, a row's details) and a search being typed (which
    # takes every key as text, 1 and s included) end on Esc; one at a time, so the Esc bytes
    # never arrive together.
    local overlays=0
    while screen | grep -qE "Esc closes|Search the log:"; do
        ((overlays++ < 4)) || fail "Esc did not close the help, the details or the search"
        tm send-keys -t fuzz -H 1b
        wait_for_gone "Esc closes" && wait_for_gone "Search the log:"
    done
    # Esc closes the help overlay (and ends any half-read sequence); 1 is the Shop view, where
    # the Login, Profile and Cart panes are. Twice if need be: the first Esc may only complete a
    # sequence the last burst left open.
    local tries=0
    until screen | grep -qE "[─━] Login [─━]"; do # The pane's frame, not the help bar's "l Login".
        ((tries++ < 3)) || fail "no Shop view at 100x30 (screen not redrawn, or the app hung)"
        tm send-keys -t fuzz -H 1b
        tm send-keys -t fuzz 1
        wait_for "Profile"
    done
    if screen | grep -qF "STEP"; then # Step mode holds events back: go live so they all land.
        tm send-keys -t fuzz s
        wait_for_gone "STEP" || fail "step mode did not end on s"
    fi
    wait_for "Event log (" || fail "no event log at 100x30"
    local title login total
    frame="$(stable_screen)"
    grep -qF "┏━ Help" <<<"$frame" && { tm send-keys -t fuzz -H 1b; frame="$(stable_screen)"; }
    # A closed profile pane (p) shows nothing to check: reopen it, so the new pane's replay of
    # the bus's current values is checked too.
    if grep -qF "Profile (closed)" <<<"$frame"; then
        tm send-keys -t fuzz p
        wait_for_gone "Profile (closed)" || fail "the profile pane did not reopen on p"
        frame="$(stable_screen)"
    fi
    title="$(head -n 1 <<<"$frame")"
    login="$(sed -n '3p' <<<"$frame")"
    # The title bar and the Login pane agree on who is signed in.
    if grep -qF "● Alice" <<<"$title"; then
        grep -qF "Signed in as Alice" <<<"$login" || fail "title says Alice, Login pane says otherwise"
        grep -qE "Alice Martin|Loading profile" <<<"$frame" || fail "signed in but the profile pane disagrees"
    else
        grep -qF "○ signed out" <<<"$title" || fail "title bar names nobody"
        grep -qE "Signed out|Signing in" <<<"$login" || fail "title says signed out, Login pane says otherwise"
        grep -qF "No profile: not signed in" <<<"$frame" || fail "signed out but the profile pane shows a profile"
    fi
    # Cart totals are never negative.
    grep -qF -- "-€" <<<"$frame" && fail "a negative amount on screen"
    total="$(grep -oE 'Total \(-?[0-9]+ items?\)' <<<"$frame")"
    [[ "$total" == *"(-"* ]] && fail "negative item count: $total"
    # The event log is bounded: its count parses and the process stays small.
    grep -qE "Event log \(([0-9]+ of )?[0-9]+ published\)" <<<"$frame" || fail "event log title missing"
    if [ -r "/proc/$app_pid/status" ]; then
        local rss
        rss="$(awk '/^VmRSS/ {print $2}' "/proc/$app_pid/status")"
        ((rss < 200000)) || fail "the app uses ${rss} kB of memory"
    fi
    checks=$((checks + 1))
}

sent=0
checks=0
started=$SECONDS
while ((sent < INPUTS && SECONDS - started < SECONDS_BUDGET)); do
    # A burst: up to 40 inputs in one tmux call, sometimes with a resize in between.
    commands=()
    burst=$((1 + RANDOM % 40))
    ((burst > INPUTS - sent)) && burst=$((INPUTS - sent))
    for _ in $(seq "$burst"); do
        if ((RANDOM % 25 == 0)); then
            commands+=(resize-window -t fuzz -x $((1 + RANDOM % 250)) -y $((1 + RANDOM % 80)) \;)
        fi
        # shellcheck disable=SC2046 # Word splitting of the hex bytes is intended.
        commands+=(send-keys -t fuzz -H $(random_input) \;)
        sent=$((sent + 1))
    done
    tm "${commands[@]}" >/dev/null || fail "tmux lost the session (app died?)"
    ((RANDOM % 8 == 0)) && checkpoint
done
checkpoint
echo "fuzz: $sent inputs in $((SECONDS - started)) s, $checks checkpoints passed"

tm send-keys -t fuzz q
deadline=$((SECONDS + 10))
until [ -s "$WORK/after.stty" ] || ((SECONDS > deadline)); do sleep 0.05; done
[ -s "$WORK/after.stty" ] || fail "the app did not quit on q"
[ "$(cat "$WORK/status")" = 0 ] || fail "exit status $(cat "$WORK/status"), expected 0"
[ ! -s "$WORK/app.err" ] || fail "the app wrote to stderr"
# The terminal is left as the app found it: same line discipline, flow control, echo.
diff <(tr ' ' '\n' <"$WORK/before.stty" | grep -E '^-?(echo|icanon|ixon|isig|icrnl|opost)$') \
    <(tr ' ' '\n' <"$WORK/after.stty" | grep -E '^-?(echo|icanon|ixon|isig|icrnl|opost)$') >/dev/null ||
    fail "terminal modes differ after exit: $(diff "$WORK/before.stty" "$WORK/after.stty" | tr '\n' ' ')"
[ "$(tm display-message -p -t fuzz '#{mouse_any_flag} #{mouse_sgr_flag}')" = "0 0" ] ||
    fail "mouse reporting is still on after exit"
echo "fuzz: ok (q exits 0, terminal restored)"
