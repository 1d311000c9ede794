// A thin C layer over ncurses (wide-character build) for the eventdemo terminal.
//
// Swift cannot import ncurses' function-like macros (getmaxyx, COLOR_PAIR), its attribute
// macros (A_BOLD...), or reliably the `stdscr` global, so this header exposes small functions
// instead. Everything else about the terminal lives in Swift.
#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H

// Only fixed-size C types cross this header: curses.h itself is included by shim.c alone, so
// Swift never imports curses (its TRUE, OK, refresh... would leak into the demo's namespace),
// and the wide-character configuration below is decided in one place, the C compile.
#include <stdint.h>

// Attribute bits understood by cnc_put_cell; independent of ncurses' own values.
enum {
    CNC_BOLD = 1 << 0,
    CNC_REVERSE = 1 << 1,
    CNC_DIM = 1 << 2,
    CNC_UNDERLINE = 1 << 3,
};

// Result codes of cnc_start.
enum {
    CNC_OK = 0,
    CNC_BAD_TERM = -1,    // TERM unset or unknown to terminfo
    CNC_INIT_FAILED = -2, // newterm failed for another reason
    CNC_NO_CURSOR_ADDRESSING = -3, // known to terminfo but cannot move the cursor (TERM=dumb)
};

// Sets the locale from the environment, checks TERM with setupterm (which reports instead of
// exiting) and refuses a terminal without cursor addressing, then starts ncurses on stdin/stdout
// with newterm: cbreak, no echo, no newline translation, no software flow control (Ctrl-S would
// freeze the screen), no flushing of unread input and unshown output on Ctrl-Z (NOFLSH), hidden
// cursor, colours if available, and mouse click and wheel reports if
// `mouse` is non-zero (off again on every path through cnc_stop/endwin). ncurses never reads
// input here; the caller reads stdin itself.
int cnc_start(int mouse);

// Restores the terminal (endwin) and, on a terminal without an alternate screen (vt100, linux),
// clears it so the shell starts on a clean screen. Safe to call more than once.
void cnc_stop(void);

// Whether the locale (set by cnc_start) can encode a Unicode scalar; in LANG=C box drawing and
// the euro sign cannot, and ncurses would draw them as blanks.
int cnc_locale_can_encode(uint32_t scalar);

// Current screen size in cells.
int cnc_rows(void);
int cnc_cols(void);

// Asks the tty for its size and resizes ncurses' screen to match (what ncurses would do on
// KEY_RESIZE). Returns 0 on success.
int cnc_resize_from_tty(void);

// Whether the terminal has colours; pair numbers passed to cnc_put_cell are only valid then.
int cnc_has_colors(void);
int cnc_color_pairs(void);

// Defines colour pair `pair` (1...) as fg/bg; -1 means the terminal's default colour.
void cnc_init_pair(short pair, short fg, short bg);

// Draws one cell at (y, x) from up to 5 Unicode scalars (base + combining marks), with CNC_*
// attributes and colour pair `pair` (0 = default). Uses the wide-character API so UTF-8
// text such as the euro sign draws correctly.
int cnc_put_cell(int y, int x, const uint32_t *scalars, int count, unsigned attrs, short pair);

// Clears ncurses' idea of the screen so the next refresh repaints everything.
void cnc_clear(void);

// Sends pending changes to the terminal (ncurses diffs against what is on screen) in one
// write(), so a terminal never shows half a frame.
void cnc_refresh(void);

// Installs handlers for SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGWINCH and SIGTSTP that write the
// signal number as one byte to `write_fd` (the self-pipe trick: the only async-signal-safe work
// is write()).
// The loop polls the read end and does the real work. Returns 0 on success.
int cnc_install_signal_pipe(int write_fd);

// Ctrl-Z, called from the loop between frames: restores the terminal (endwin), stops the process
// until SIGCONT (`fg`), and returns. Without job control the stop is discarded and it returns at
// once. The caller then repaints everything; the next refresh resumes ncurses' modes.
void cnc_suspend(void);

// Installs one-shot handlers for crash signals (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT,
// SIGFPE) that restore the terminal and then re-raise the signal, so a crash (including a Swift
// runtime trap) does not leave the shell without echo. endwin() is not async-signal-safe; this
// is a best effort for a process that is dying anyway.
void cnc_install_crash_restore(void);

#endif
