#!/usr/bin/env bash
# End-to-end test of the real eventdemo binary in a real terminal: tmux at 100x30.
#
# Builds with `swift build`, starts the app in a private tmux server (its own socket, so it
# never touches anyone's sessions), sends keys and polls `tmux capture-pane` until the
# expected text appears (10 s timeout each; no fixed sleeps). Works as root without a TTY and
# with TERM unset: TERM is set inside tmux.
#
# Usage: Tests/e2e/run.sh        (from anywhere; `make e2e` runs it)
set -uo pipefail
cd "$(dirname "$0")/../.."

command -v tmux >/dev/null || { echo "e2e: tmux is required (apt-get install -y tmux)" >&2; exit 1; }
swift build --product eventdemo >&2 || { echo "e2e: build failed" >&2; exit 1; }
BIN="$PWD/.build/debug/eventdemo"

SESSION="e2e"
WORK="$(mktemp -d)"
# The tmux server's socket lives in WORK, which cleanup removes: with -L it would be left in
# /tmp/tmux-UID after every run (tmux does not delete it on kill-server).
SOCKET="$WORK/tmux.sock"
passed=0
failed=0

tm() { tmux -S "$SOCKET" -f /dev/null "$@"; }
# A session that outlives the others, so killing the test session never stops the server (a
# new-session racing the server's exit fails with "server exited unexpectedly").
keep_server() { tm new-session -d -s keepalive "cat"; }
cleanup() {
    tm kill-server 2>/dev/null
    rm -rf "$WORK"
}
trap cleanup EXIT

screen() { tm capture-pane -t "$SESSION" -p 2>/dev/null; }

# wait_for TEXT... : polls the screen until every TEXT is on it, or 10 s pass.
wait_for() {
    local deadline=$((SECONDS + 10)) text missing
    while ((SECONDS < deadline)); do
        missing=0
        local current
        current="$(screen)"
        for text in "$@"; do
            grep -qF -- "$text" <<<"$current" || missing=1
        done
        ((missing == 0)) && return 0
        sleep 0.05 # poll interval, not a wait for something to happen
    done
    echo "    timed out waiting for: $*" >&2
    return 1
}

# wait_for_gone TEXT: polls until TEXT is no longer on the screen, or 10 s pass.
wait_for_gone() {
    local deadline=$((SECONDS + 10))
    while ((SECONDS < deadline)); do
        screen | grep -qF -- "$1" || return 0
        sleep 0.05
    done
    echo "    timed out waiting for '$1' to go" >&2
    return 1
}

# wait_for_file PATH: polls until PATH exists and is non-empty, or 10 s pass.
wait_for_file() {
    local deadline=$((SECONDS + 10))
    while ((SECONDS < deadline)); do
        [ -s "$1" ] && return 0
        sleep 0.05
    done
    echo "    timed out waiting for $1" >&2
    return 1
}

check() {
    local name="$1"
    shift
    if "$@"; then
        echo "ok   - $name"
        passed=$((passed + 1))
    else
        echo "FAIL - $name"
        echo "---- screen ----"
        screen | sed 's/^/    /'
        echo "----------------"
        failed=$((failed + 1))
    fi
}

# start NAME: runs the app in a fresh session; its exit status and the tty's mode afterwards
# land in $WORK/NAME.status and $WORK/NAME.stty.
start() {
    tm kill-session -t "$SESSION" 2>/dev/null
    tm new-session -d -s "$SESSION" -x 100 -y 30 \
        "export TERM=xterm-256color; '$BIN' 2>'$WORK/$1.err'; echo \$? >'$WORK/$1.status'; stty -a >'$WORK/$1.stty'; sleep 60"
    wait_for "Signed out" "Event log"
}

login_updates_login_and_profile() {
    tm send-keys -t "$SESSION" l
    wait_for "Signed in as Alice" "Alice Martin" "Points"
}

adding_items_updates_the_cart_total() {
    tm send-keys -t "$SESSION" a a a
    wait_for "Total (3 items)" "€62.40"
}

event_log_lists_the_events() {
    wait_for "LoginDidStartEvent" "UserDidLoginEvent" "ProfileDidLoadEvent" "CartDidUpdateEvent" \
        "3 items, €62.40" "inline, main-loop"
}

resize_shows_too_small_and_recovers() {
    tm resize-window -t "$SESSION" -x 60 -y 20 &&
        wait_for "terminal too small (need 80x24, have 60x20)" &&
        tm resize-window -t "$SESSION" -x 100 -y 30 &&
        wait_for "Total (3 items)" "Event log" &&
        ! screen | grep -qF "terminal too small"
}

# The tty's modes seen from outside while the app runs (root or the same user may read them).
pane_stty() { stty -a -F "$(tm display-message -p -t "$SESSION" '#{pane_tty}')"; }

flow_control_is_off_while_running() {
    pane_stty | grep -qE '(^| )-ixon( |$)'
}

# tmux's view of the pane's mouse modes: "any sgr", for example "1 1" while the app runs.
mouse_flags() { tm display-message -p -t "$SESSION" '#{mouse_any_flag} #{mouse_sgr_flag}'; }

mouse_reporting_is_on_while_running() {
    [ "$(mouse_flags)" = "1 1" ]
}

# A click is the bytes a terminal sends for it (SGR: ESC [ < button ; column ; row M, 1-based);
# tmux forwards real clicks to the pane in exactly this form once the app asked for them.
click() { tm send-keys -t "$SESSION" -l $'\e[<0;'"$1;$2M"; }

clicks_focus_panes_and_press_help_bar_buttons() {
    click 5 3 # inside the login pane
    wait_for "┏━ Login" || return 1
    local add_column
    add_column=$(($(screen | tail -n 1 | grep -bo "a Add" | cut -d: -f1) + 2))
    click "$add_column" 30
    wait_for "Total (4 items)"
}

# CPU ticks (1/100 s) the app has used so far: utime + stime from /proc (Linux).
app_ticks() {
    local shell_pid app_pid
    shell_pid="$(tm list-panes -t "$SESSION" -F '#{pane_pid}')"
    app_pid="$(pgrep -P "$shell_pid" | head -n 1)"
    awk '{ print $14 + $15 }' "/proc/$app_pid/stat"
}

# Every key press lights pane frames for 350 ms; afterwards nothing is scheduled, so the loop
# sleeps in poll() with no timeout. Measured over 2 s (a measurement window, not a wait for
# something to happen): a loop that ticked or spun would use ticks, an idle one uses none.
idle_cpu_is_zero_after_animations() {
    [ -r /proc/self/stat ] || return 0 # Not Linux: nothing to read the ticks from.
    tm send-keys -t "$SESSION" x a a
    wait_for "Total (2 items)" || return 1
    sleep 1 # Let the last flash end.
    local before after
    before=$(app_ticks)
    sleep 2
    after=$(app_ticks)
    echo "    idle: $((after - before)) CPU ticks in 2 s" >&2
    ((after - before <= 1))
}

ctrl_s_does_not_freeze_the_screen() {
    tm send-keys -t "$SESSION" C-s a
    wait_for "Total (5 items)"
}

# Five items (€125.60) are over the audit's limit: it stops the request, and the cart stays.
audit_vetoes_a_large_checkout() {
    tm send-keys -t "$SESSION" c
    wait_for "Checkout refused: over the €100.00 limit" "stop: AuditService" &&
        screen | grep -qF "€125.60"
}

# F2 (sent as the terminal's own escape sequence) shows the Flow view: the ticker, the guide
# to its queues, the event log.
f2_shows_the_flow_view() {
    tm send-keys -t "$SESSION" F2
    wait_for "Ticker · paced 2/s" "Back-pressure" "t Ticker burst" && ! screen | grep -qF "╭─ Login"
}

# 3 shows the Bus view: every live subscription from the bus's snapshot, dead events, errors
# (the loyalty handler's error from the checkout above is there).
key_3_shows_the_bus_view() {
    tm send-keys -t "$SESSION" 3
    wait_for "Subscriptions:" "CartDidUpdateEvent" "AuditService" "interceptor" "Dead events" \
        "Handler errors (1)" "LoyaltyService threw"
}

# A click on the Shop tab in the title bar switches back.
clicking_the_shop_tab_shows_the_shop() {
    local column
    column=$(($(screen | head -n 1 | grep -bo "1 Shop" | cut -d: -f1) + 1))
    ((column > 1)) || return 1
    click "$column" 1
    wait_for "Signed in as Alice" "Event log" && ! screen | grep -qF "Subscriptions:"
}

# Three bursts (24 ticks) are more than the paced ticker pane takes: it shows #1 at once, keeps
# the newest 16 waiting, drops the 7 before them, and shows #9 half a second later.
ticker_is_paced_with_a_live_backlog() {
    tm send-keys -t "$SESSION" t t t
    wait_for "Ticker · paced 2/s" "· dropped 7 " || return 1
    wait_for "#9   BEAN" || return 1
    wait_for "backlog 14 " # one more tick half a second later: paced, not polled
}

# Step mode: the log holds every publish until space lets the next one in; the status line and
# the help bar say so and count what waits; s again lets the rest in.
step_mode_lets_one_event_in_per_space() {
    tm send-keys -t "$SESSION" s
    wait_for "‖ STEP · 0 waiting" "␣ Next (0 waiting)" || return 1
    tm send-keys -t "$SESSION" t
    wait_for "‖ STEP · 7 waiting" "STEP: 7 waiting, ␣ next" || return 1
    tm send-keys -t "$SESSION" Space
    wait_for "‖ STEP · 6 waiting" || return 1
    tm send-keys -t "$SESSION" s
    wait_for "log: live" "s Step" && ! screen | grep -qF "STEP"
}

# The pace's timer is the clock's sleep: once the last waiting tick is shown, nothing wakes
# the loop (no polling for due deliveries).
paced_backlog_drains_then_cpu_is_zero() {
    [ -r /proc/self/stat ] || return 0
    wait_for "backlog 0 " || return 1
    sleep 1
    local before after
    before=$(app_ticks)
    sleep 2
    after=$(app_ticks)
    echo "    idle after pacing: $((after - before)) CPU ticks in 2 s" >&2
    ((after - before <= 1))
}

# Two items (€28.40) pass the audit: the order goes through, LoyaltyService's error is one
# white-on-red row of the log, and no points are awarded (the cart says why, the profile keeps
# its 420).
checkout_shows_the_loyalty_error_in_red() {
    tm send-keys -t "$SESSION" x a a
    wait_for "Total (2 items)" "€28.40" || return 1
    tm send-keys -t "$SESSION" c
    wait_for "Order #1001 placed" "LoyaltyService threw" "✗ no points: no loyalty card for alice" \
        "420 • Silver" &&
        ! screen | grep -qF "+28 loyalty points" &&
        tm capture-pane -p -e -t "$SESSION" | grep -F "LoyaltyService threw" | grep -qE $'\e\\[[0-9;]*41m'
}

# Removing from the (now empty) cart publishes the unchanged cart state: the profile pane's
# select(\.itemCount).skipRepeats() and the cart pane's automatic skip both hold it back, and
# the log shows the skip with its reason instead of a delivery.
skipped_state_deliveries_are_marked_in_the_log() {
    tm send-keys -t "$SESSION" r
    wait_for "skipped ×2: skipRepeats" "➜ nobody; skipped: ProfilePane (skipRepeats)"
}

# p closes the profile pane: its subscriptions go at once (the next cart state reaches the cart
# pane alone). p again opens a new pane that shows the user's profile and the cart from the
# bus's replayed values, without any request to a service.
profile_pane_closes_and_reopens_from_replayed_state() {
    tm send-keys -t "$SESSION" p
    wait_for "Profile (closed)" || return 1
    tm send-keys -t "$SESSION" a
    wait_for "➜ CartService ➜ CartDidUpdateEvent ➜ CartPane on main-loop" || return 1
    tm send-keys -t "$SESSION" p
    wait_for "Alice Martin" "Cart        1 item, 1 update" && ! screen | grep -qF "Profile (closed)"
}

q_exits_zero_and_restores_the_terminal() {
    tm send-keys -t "$SESSION" q
    wait_for_file "$WORK/main.stty" &&
        [ "$(cat "$WORK/main.status")" = 0 ] &&
        grep -qE '(^| )echo( |$)' "$WORK/main.stty" &&
        grep -qE '(^| )icanon( |$)' "$WORK/main.stty" &&
        grep -qE '(^| )ixon( |$)' "$WORK/main.stty" &&
        [ "$(mouse_flags)" = "0 0" ] &&
        [ ! -s "$WORK/main.err" ]
}

ctrl_c_exits_130_and_restores_the_terminal() {
    start sigint || return 1
    tm send-keys -t "$SESSION" C-c
    wait_for_file "$WORK/sigint.stty" &&
        [ "$(cat "$WORK/sigint.status")" = 130 ] && [ "$(mouse_flags)" = "0 0" ] &&
        grep -qE '(^| )echo( |$)' "$WORK/sigint.stty" && grep -qE '(^| )ixon( |$)' "$WORK/sigint.stty"
}

ctrl_backslash_exits_131_and_restores_the_terminal() {
    start sigquit || return 1
    tm send-keys -t "$SESSION" 'C-\'
    wait_for_file "$WORK/sigquit.stty" &&
        [ "$(cat "$WORK/sigquit.status")" = 131 ] && [ "$(mouse_flags)" = "0 0" ] &&
        grep -qE '(^| )echo( |$)' "$WORK/sigquit.stty" && grep -qE '(^| )ixon( |$)' "$WORK/sigquit.stty"
}

sigterm_exits_143() {
    start sigterm || return 1
    local shell_pid app_pid
    shell_pid="$(tm list-panes -t "$SESSION" -F '#{pane_pid}')"
    app_pid="$(pgrep -P "$shell_pid" | head -n 1)"
    [ -n "$app_pid" ] && kill -TERM "$app_pid" &&
        wait_for_file "$WORK/sigterm.stty" &&
        [ "$(cat "$WORK/sigterm.status")" = 143 ]
}

not_a_tty_exits_2_with_one_line() {
    local status
    "$BIN" </dev/null >"$WORK/notty.out" 2>"$WORK/notty.err"
    status=$?
    [ "$status" = 2 ] && [ "$(wc -l <"$WORK/notty.err")" = 1 ] && [ ! -s "$WORK/notty.out" ]
}

# refused_terminal NAME TERM: runs the app on a tty with TERM; passes if it exits 2 with one
# line on stderr and left the pane blank (stdout stays the tty, or the app would stop at the
# "not a terminal" check first).
refused_terminal() {
    tm kill-session -t "$SESSION" 2>/dev/null
    tm new-session -d -s "$SESSION" -x 100 -y 30 \
        "env TERM='$2' '$BIN' 2>'$WORK/$1.err'; echo \$? >'$WORK/$1.status'; sleep 60"
    wait_for_file "$WORK/$1.status" &&
        [ "$(cat "$WORK/$1.status")" = 2 ] && [ "$(wc -l <"$WORK/$1.err")" = 1 ] &&
        [ -z "$(screen | tr -d ' \n')" ] && grep -qF "'$2'" "$WORK/$1.err"
}

dumb_terminal_is_refused_with_one_line() {
    refused_terminal dumb dumb && grep -qF "cannot move the cursor" "$WORK/dumb.err"
}

# start_with NAME ENV...: like start, with extra environment (LANG=C, NO_COLOR=1, ...).
start_with() {
    local name="$1"
    shift
    tm kill-session -t "$SESSION" 2>/dev/null
    tm new-session -d -s "$SESSION" -x 100 -y 30 \
        "export TERM=xterm-256color; env $* '$BIN' 2>'$WORK/$name.err'; echo \$? >'$WORK/$name.status'; sleep 60"
    wait_for "Event log"
}

c_locale_draws_ascii_frames_and_eur() {
    start_with clocale LANG=C LC_ALL=C || return 1
    tm send-keys -t "$SESSION" a
    wait_for "+- Login ---" "+= Cart ===" "Total (1 item)" "EUR18.90" &&
        ! screen | grep -q '[^ -~]' # Nothing but printable ASCII on the screen.
}

# The SGR parameters of every escape sequence on the screen, one per line.
sgr_parameters() { tm capture-pane -t "$SESSION" -e -p | grep -oE $'\e\\[[0-9;]*m' | tr -d $'\e[m' | tr ';' '\n'; }

no_color_draws_without_colours() {
    start_with nocolor NO_COLOR=1 || return 1
    tm send-keys -t "$SESSION" a
    wait_for "Total (1 item)" &&
        sgr_parameters | grep -qx 7 && # the title and help bars in reverse video
        ! sgr_parameters | grep -qE '^(3[0-8]|4[0-8]|9[0-7]|10[0-7])$'
}

no_color_flag_draws_without_colours() {
    tm kill-session -t "$SESSION" 2>/dev/null
    tm new-session -d -s "$SESSION" -x 100 -y 30 "export TERM=xterm-256color; '$BIN' --no-color; sleep 60"
    wait_for "Event log" && sgr_parameters | grep -qx 7 &&
        ! sgr_parameters | grep -qE '^(3[0-8]|4[0-8]|9[0-7]|10[0-7])$'
}

unknown_terminal_is_refused_with_one_line() {
    refused_terminal unknown no-such-terminal && grep -qF "unknown" "$WORK/unknown.err"
}

# Ctrl-Z from a job-control shell suspends the app (the loop restores the terminal first, then
# stops); `fg` brings it back with flow control off again and the screen redrawn.
# (Without job control, as in the other tests' `sh -c`, the kernel discards the stop.)
ctrl_z_suspends_and_fg_resumes() {
    tm kill-session -t "$SESSION" 2>/dev/null
    tm new-session -d -s "$SESSION" -x 100 -y 30 "env TERM=xterm-256color PS1='$ ' bash --norc --noprofile -i"
    tm send-keys -t "$SESSION" "'$BIN'" Enter
    wait_for "Signed out" "Event log" || return 1
    tm send-keys -t "$SESSION" C-z
    wait_for "Stopped" && [ "$(mouse_flags)" = "0 0" ] || return 1
    tm send-keys -t "$SESSION" "clear; fg" Enter
    wait_for "Signed out" "Event log" && pane_stty | grep -qE '(^| )-ixon( |$)' || return 1
    [ "$(mouse_flags)" = "1 1" ] || return 1
    tm send-keys -t "$SESSION" a
    wait_for "Total (1 item)" || return 1
    tm send-keys -t "$SESSION" q
    wait_for_gone "Event log" || return 1 # Typed while the app runs, the echo would be its input.
    tm send-keys -t "$SESSION" "echo \"exit=\$?\"" Enter
    wait_for "exit=0"
}

# Without job control (`sh -c`) Ctrl-Z cannot stop the app: it must neither drop the keys
# typed around it nor leave the screen half drawn. The tty flushed its unread input and unshown
# output on every signal character (now NOFLSH), and ncurses' own SIGTSTP handler flushed input
# too and redrew from inside the signal handler, on top of a frame being drawn.
ctrl_z_without_job_control_keeps_keys_and_screen() {
    start ctrlz && pane_stty | grep -qE '(^| )noflsh( |$)' || return 1
    tm send-keys -t "$SESSION" a C-z a a C-z a
    wait_for "Total (4 items)" || return 1
    for _ in 1 2 3 4 5 6 7 8; do tm send-keys -t "$SESSION" t C-z 2 C-z 3 C-z 1 C-z; done
    wait_for "╭─ Login" "Event log" "Total (4 items)" "q Quit" || return 1
    tm send-keys -t "$SESSION" q
    wait_for_file "$WORK/ctrlz.status" && [ "$(cat "$WORK/ctrlz.status")" = 0 ] && [ ! -s "$WORK/ctrlz.err" ]
}

unknown_flag_exits_2() {
    "$BIN" --no-such-flag >/dev/null 2>"$WORK/flag.err"
    [ $? = 2 ] && grep -qF "unknown option" "$WORK/flag.err"
}

# The committed sample recording, replayed at its pace (about 5 s) in the real terminal, ends
# on the same screen as the headless golden, recorded times included.
replay_of_the_sample_recording_ends_on_its_final_screen() {
    tm kill-session -t "$SESSION" 2>/dev/null
    tm new-session -d -s "$SESSION" -x 100 -y 30 \
        "export TERM=xterm-256color TZ=UTC; '$BIN' --replay docs/sample-recording.jsonl 2>'$WORK/replay.err'; sleep 60"
    wait_for "▶ replay" || return 1
    wait_for "■ replayed 28/28" "Total (2 items)" || return 1
    screen | sed -E 's/ +$//' >"$WORK/replay.screen"
    diff -u Tests/EventDemoTests/Golden/replay-sample-final.txt "$WORK/replay.screen" >&2 &&
        tm send-keys -t "$SESSION" q
}

# A stepped replay's Bus view maps what the recording says (services that received events live,
# recorded call sites), growing with each space, not the replay bus's own subscriptions.
replay_bus_view_shows_the_recorded_subscriptions() {
    tm kill-session -t "$SESSION" 2>/dev/null
    tm new-session -d -s "$SESSION" -x 100 -y 30 \
        "export TERM=xterm-256color TZ=UTC; '$BIN' --replay docs/sample-recording.jsonl --step 2>'$WORK/replay-bus.err'; sleep 60"
    wait_for "⏯ step 0/28" || return 1
    tm send-keys -t "$SESSION" 3
    wait_for "Recorded subscriptions (0/28 replayed)" "Nothing replayed yet" || return 1
    tm send-keys -t "$SESSION" Space Space
    wait_for "Recorded subscriptions (2/28 replayed)" "UserDidLoginEvent" "LoyaltyService" \
        "← AuthService.swift:91" || return 1
    ! screen | grep -qF "Replayer.swift" && tm send-keys -t "$SESSION" q
}

# --follow shows a trace while another process writes it: the demo itself, recording in a
# session of its own. Each key there shows up in the follower at its next read; a file that is
# not a trace is refused with one line.
follow_shows_a_trace_another_process_writes() {
    local trace="$WORK/followed.jsonl"
    tm kill-session -t writer 2>/dev/null
    tm new-session -d -s writer -x 100 -y 30 \
        "export TERM=xterm-256color; '$BIN' --record '$trace' 2>'$WORK/writer.err'; sleep 60"
    wait_for_file "$trace" || return 1
    tm kill-session -t "$SESSION" 2>/dev/null
    tm new-session -d -s "$SESSION" -x 100 -y 30 \
        "export TERM=xterm-256color; '$BIN' --follow '$trace' 2>'$WORK/follow.err'; sleep 60"
    wait_for "▶ follow 0" "waiting for its app to publish" || return 1
    tm send-keys -t writer a
    wait_for "▶ follow 2" "CartAction" "Espresso beans" || return 1
    tm send-keys -t writer a a a
    wait_for "▶ follow 8" "Paper filters" || return 1
    tm send-keys -t "$SESSION" 3
    wait_for "Recorded subscriptions (8/8 replayed)" "CartService.swift:" || return 1
    tm send-keys -t "$SESSION" a
    wait_for "keys that publish are off" || return 1
    tm kill-session -t writer
    printf '%s\n' '{"hello":1}' >"$WORK/not-a-trace.jsonl"
    "$BIN" --follow "$WORK/not-a-trace.jsonl" </dev/null >/dev/null 2>"$WORK/not-a-trace.err"
    [ $? = 2 ] && grep -qF "not-a-trace.jsonl:1: not a trace" "$WORK/not-a-trace.err" &&
        [ "$(wc -l <"$WORK/not-a-trace.err")" = 1 ]
}

# bad_recording NAME CONTENTS EXPECTED: --replay of a file holding CONTENTS exits 2 with the
# single line EXPECTED on stderr (no terminal needed: the file is checked first).
bad_recording() {
    printf '%s' "$2" >"$WORK/$1.jsonl"
    "$BIN" --replay "$WORK/$1.jsonl" </dev/null >"$WORK/$1.out" 2>"$WORK/$1.err"
    local status=$?
    [ "$status" = 2 ] && [ "$(wc -l <"$WORK/$1.err")" = 1 ] && [ ! -s "$WORK/$1.out" ] &&
        grep -qF "eventdemo: $WORK/$1.jsonl:$3" "$WORK/$1.err" || { cat "$WORK/$1.err" >&2; return 1; }
}

bad_recordings_are_refused_with_one_line_naming_file_and_line() {
    local header='{"format":"eventbus-trace","version":1}'
    local line='{"seq":1,"time":0.5,"type":"LoginDidStartEvent","site":{"file":"EventDemo/AuthService.swift","line":57,"function":"login(username:)"},"reached":1,"recipients":[],"payload":{"session":1,"username":"a"}}'
    bad_recording truncated "$header"$'\n'"$line"$'\n'"${line:0:40}" "3: cut off (truncated file)" &&
        bad_recording json "$header"$'\n''{"time":,}'$'\n' "2: not valid JSON" &&
        bad_recording foreign '{"hello":1}'$'\n' "1: not a trace" &&
        bad_recording old-format '{"format":"eventdemo-recording","version":2}'$'\n' "1: a recording in eventdemo's old format" &&
        "$BIN" --replay "$WORK/no-such-file.jsonl" 2>"$WORK/missing.err"
    [ $? = 2 ] && grep -qF "no-such-file.jsonl: no such file" "$WORK/missing.err"
}

# A link to a huge (sparse) file is refused by the size of the file it names, as the file itself
# is: at once (within the 10 s limit, which the old reader's 433 MB read needed most of), exit 2,
# one line.
replay_of_a_link_to_a_huge_file_is_refused_at_once() {
    truncate -s 100M "$WORK/huge.jsonl" && ln -sf "$WORK/huge.jsonl" "$WORK/link.jsonl" || return 1
    timeout 10 "$BIN" --replay "$WORK/link.jsonl" </dev/null >"$WORK/link.out" 2>"$WORK/link.err"
    local status=$?
    [ "$status" = 2 ] && [ "$(wc -l <"$WORK/link.err")" = 1 ] &&
        grep -qF "eventdemo: $WORK/link.jsonl: is larger than 4 MB" "$WORK/link.err" || { cat "$WORK/link.err" >&2; return 1; }
}

# A recording that runs out of room (a 2 KB file size limit, SIGXFSZ ignored so the write fails
# with EFBIG) says why in the system's words, and exits 1.
record_without_room_says_why() {
    bash -c "trap '' XFSZ; ulimit -f 2; exec '$BIN' --headless --keys 'a a a a a a a a' --record '$WORK/limited.jsonl'" \
        >/dev/null 2>"$WORK/limited.err"
    local status=$?
    [ "$status" = 1 ] && grep -qF "failed after" "$WORK/limited.err" &&
        grep -qF "File too large" "$WORK/limited.err" || { cat "$WORK/limited.err" >&2; return 1; }
}

record_writes_one_json_line_per_publish() {
    "$BIN" --headless --keys "a a x" --record "$WORK/recorded.jsonl" >/dev/null 2>"$WORK/record.err" &&
        [ "$(wc -l <"$WORK/recorded.jsonl")" = 7 ] && # header, then per key a CartAction and the cart's state
        # The cleared cart's state, named after the key's service call (the store's dispatch).
        grep -F '"type":"CartDidUpdateEvent","site":{"file":"EventDemo/CartService.swift"' "$WORK/recorded.jsonl" |
        grep -F '"function":"clear()"' | grep -F '"payload":{"items":[]}' >/dev/null &&
        # Not grep -q: quitting at the first match makes the app's next write a SIGPIPE (141),
        # which pipefail reports, once the screen no longer fits in one 4 KB stdio buffer.
        "$BIN" --headless --replay "$WORK/recorded.jsonl" | grep -F "Cart is empty" >/dev/null
}

# One frame, one write: the app runs under strace, which logs each write with its descriptor's
# path (-y), so writes to the tty are told from those into the frame's scratch file. Each of
# 12 view switches is one frame; before, ncurses flushed after every cursor move (65-81 writes
# per switch, and a terminal could show a frame half drawn). Skipped without strace.
each_frame_is_one_write() {
    command -v strace >/dev/null || { echo "    (strace not installed: skipped)" >&2; return 0; }
    tm kill-session -t "$SESSION" 2>/dev/null
    tm new-session -d -s "$SESSION" -x 100 -y 30 \
        "export TERM=xterm-256color; strace -f -qq -y -e trace=write -e signal=none -o '$WORK/writes.log' '$BIN' --no-mouse; sleep 60"
    wait_for "Signed out" "Event log" || return 1
    local before after view
    before=$(grep -c '^[0-9]* *write(1</dev/' "$WORK/writes.log")
    for view in 2 3 1 2 3 1 2 3 1 2 3 1; do
        tm send-keys -t "$SESSION" "$view"
        case $view in
        1) wait_for "╭─ Login" ;;
        2) wait_for "Back-pressure" ;;
        3) wait_for "Subscriptions:" ;;
        esac || return 1
    done
    after=$(grep -c '^[0-9]* *write(1</dev/' "$WORK/writes.log")
    echo "    $((after - before)) writes to the tty for 12 view switches" >&2
    tm send-keys -t "$SESSION" q
    ((after - before <= 12))
}

# Ctrl-L repaints everything: another program's text written over the screen goes away.
ctrl_l_repaints_the_whole_screen() {
    printf '\033[5;10HSCRIBBLED-BY-SOMEONE-ELSE' >"$(tm display-message -p -t "$SESSION" '#{pane_tty}')"
    wait_for "SCRIBBLED-BY-SOMEONE-ELSE" || return 1
    tm send-keys -t "$SESSION" C-l
    wait_for_gone "SCRIBBLED-BY-SOMEONE-ELSE" && wait_for "Event log"
}

# Behind the too-small screen, keys other than q do nothing (the screen says so).
keys_behind_the_too_small_screen_do_nothing() {
    tm resize-window -t "$SESSION" -x 60 -y 20 && wait_for "terminal too small" || return 1
    tm send-keys -t "$SESSION" a a 3
    # The keys must be read before the resize, or the app would rightly act on them: the
    # too-small screen shows no sign of a key, so give them a moment (not a wait for a result).
    sleep 0.3
    tm resize-window -t "$SESSION" -x 100 -y 30 && wait_for "Event log" "╭─ Login" "Total (3 items)"
}

# A terminal without an alternate screen (vt100, linux) keeps what was drawn: on q the app
# clears it, so the shell's prompt starts on a clean screen, not inside the last frame.
quitting_leaves_a_clean_screen_without_an_alternate_screen() {
    local term
    for term in vt100 linux; do
        tm kill-session -t "$SESSION" 2>/dev/null
        tm new-session -d -s "$SESSION" -x 100 -y 30 \
            "export TERM=$term; '$BIN' 2>'$WORK/$term.err'; echo \$? >'$WORK/$term.status'; sleep 60"
        wait_for "Event log" || return 1
        tm send-keys -t "$SESSION" q
        wait_for_file "$WORK/$term.status" && [ "$(cat "$WORK/$term.status")" = 0 ] || return 1
        [ -z "$(screen | tr -d ' \n')" ] || { echo "    TERM=$term left the screen drawn" >&2; return 1; }
    done
}

tmux_socket_is_removed_with_the_work_directory() {
    [ "$(tm display-message -p '#{socket_path}')" = "$SOCKET" ] && [[ "$SOCKET" == "$WORK"/* ]]
}

keep_server
check "app starts at 100x30" start main
check "the tmux socket lives in the work directory (no stale socket after the run)" \
    tmux_socket_is_removed_with_the_work_directory
check "login updates the login and profile panes" login_updates_login_and_profile
check "adding items updates the cart total" adding_items_updates_the_cart_total
check "event log lists the events" event_log_lists_the_events
check "resize to 60x20 shows the too-small screen, back to 100x30 recovers" resize_shows_too_small_and_recovers
check "keys behind the too-small screen do nothing" keys_behind_the_too_small_screen_do_nothing
check "Ctrl-L repaints what another program wrote over the screen" ctrl_l_repaints_the_whole_screen
check "software flow control (ixon) is off while the app runs" flow_control_is_off_while_running
check "mouse reporting (SGR, mode 1006) is on while the app runs" mouse_reporting_is_on_while_running
check "clicks focus a pane and press a help-bar button" clicks_focus_panes_and_press_help_bar_buttons
check "Ctrl-S does not freeze the screen" ctrl_s_does_not_freeze_the_screen
check "the audit vetoes a checkout over the limit (stop propagation)" audit_vetoes_a_large_checkout
check "checkout completes while the loyalty handler's error shows in the log, in red, and awards no points" \
    checkout_shows_the_loyalty_error_in_red
check "a state delivery skipped by skipRepeats is marked in the log with its reason" \
    skipped_state_deliveries_are_marked_in_the_log
check "p closes the profile pane and reopens it with user and cart from replayed state" \
    profile_pane_closes_and_reopens_from_replayed_state
check "idle CPU is zero once the delivery flashes are over" idle_cpu_is_zero_after_animations
check "F2 switches to the Flow view" f2_shows_the_flow_view
check "ticker bursts are paced: one tick per half second, backlog and drops live" \
    ticker_is_paced_with_a_live_backlog
check "step mode: space lets one event into the log, the status line counts what waits" \
    step_mode_lets_one_event_in_per_space
check "pacing wakes the loop only for due deliveries: zero CPU once the backlog is shown" \
    paced_backlog_drains_then_cpu_is_zero
check "3 switches to the Bus view: live subscriptions, dead events, handler errors" key_3_shows_the_bus_view
check "a click on the Shop tab switches back to the Shop" clicking_the_shop_tab_shows_the_shop
check "q exits 0 and restores echo, line mode, flow control and mouse reporting" q_exits_zero_and_restores_the_terminal
check "Ctrl-C exits 130 and restores the terminal (mouse reporting off)" ctrl_c_exits_130_and_restores_the_terminal
check "Ctrl-\\ (SIGQUIT) exits 131 and restores the terminal" ctrl_backslash_exits_131_and_restores_the_terminal
check "SIGTERM exits 143" sigterm_exits_143
check "not a TTY exits 2 with one line on stderr" not_a_tty_exits_2_with_one_line
check "an unknown flag exits 2" unknown_flag_exits_2
check "TERM=dumb is refused with one line and exit 2, nothing drawn" dumb_terminal_is_refused_with_one_line
check "an unknown TERM is refused with one line and exit 2" unknown_terminal_is_refused_with_one_line
check "LANG=C draws frames with +-| and prices in EUR, ASCII only" c_locale_draws_ascii_frames_and_eur
check "NO_COLOR=1 draws with bold and reverse video only" no_color_draws_without_colours
check "--no-color draws with bold and reverse video only" no_color_flag_draws_without_colours
check "each frame reaches the terminal in one write (12 view switches, at most 12 writes)" each_frame_is_one_write
check "q leaves a clean screen on terminals without an alternate screen (vt100, linux)" \
    quitting_leaves_a_clean_screen_without_an_alternate_screen
check "Ctrl-Z suspends with the terminal restored, fg resumes" ctrl_z_suspends_and_fg_resumes
check "Ctrl-Z without job control loses no keys and leaves the screen whole" \
    ctrl_z_without_job_control_keeps_keys_and_screen
check "--record writes one JSON line per publish, which --replay plays back" record_writes_one_json_line_per_publish
check "bad recordings are refused with one line naming file and line, exit 2" \
    bad_recordings_are_refused_with_one_line_naming_file_and_line
check "--replay of a link to a huge file is refused at once, one line, exit 2" \
    replay_of_a_link_to_a_huge_file_is_refused_at_once
check "--record without room says why (File too large), exit 1" record_without_room_says_why
check "a replay of the committed sample recording ends on its final screen" \
    replay_of_the_sample_recording_ends_on_its_final_screen
check "a stepped replay's Bus view maps the recorded subscriptions and call sites" \
    replay_bus_view_shows_the_recorded_subscriptions
check "--follow shows a trace while another process writes it; not a trace exits 2" \
    follow_shows_a_trace_another_process_writes

echo "e2e: $passed passed, $failed failed"
[ "$failed" = 0 ]
