// The wide-character curses API (cchar_t, setcchar, mvadd_wch) is declared only when these are
// set before curses.h. Linux's ncursesw headers read NCURSES_WIDECHAR; macOS's curses.h (ncurses
// 5.7) decides from _XOPEN_SOURCE_EXTENDED alone. Package.swift passes both with -D, which also
// reaches the system's curses module when Clang builds it with -fmodules (a #define here would
// not); these lines cover a build of this file outside SwiftPM.
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include "shim.h"

// Debian/Ubuntu/Fedora ship the wide-character headers under ncursesw/ (and as plain curses.h
// with libncurses-dev); macOS's SDK has only <curses.h>, whose libncurses has the wide functions.
#if __has_include(<ncursesw/curses.h>)
#include <ncursesw/curses.h>
#else
#include <curses.h>
#endif

#include <errno.h>
#include <limits.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>

#if __has_include(<ncursesw/term.h>)
#include <ncursesw/term.h>
#else
#include <term.h>
#endif

static SCREEN *screen = NULL;

// Two tty defaults a full-screen program must not keep, changed together and recorded as
// ncurses' "program mode", so that resuming after Ctrl-Z (the refresh after cnc_suspend calls
// reset_prog_mode) restores them too. endwin() restores the shell's mode on every exit path
// that calls it (q, signals, crashes).
// - Software flow control: Ctrl-S stops all output until Ctrl-Q, so the app keeps running but
//   the screen freezes. Off: Ctrl-S is an ordinary (ignored) key.
// - Flushing on a signal character: on Ctrl-Z (or Ctrl-C, Ctrl-\) the kernel throws away the
//   input not yet read and the output not yet shown. The discarded output was part of a frame
//   ncurses believed drawn, so the screen stayed mostly blank until the next full redraw, and
//   the discarded input was keys already typed. NOFLSH keeps both queues.
static void set_program_modes(void) {
    struct termios mode;
    if (tcgetattr(STDIN_FILENO, &mode) != 0) {
        return;
    }
    mode.c_iflag &= ~(tcflag_t)(IXON | IXOFF);
    mode.c_lflag |= NOFLSH;
    if (tcsetattr(STDIN_FILENO, TCSADRAIN, &mode) == 0) {
        def_prog_mode();
    }
}

int cnc_start(int mouse) {
    setlocale(LC_ALL, "");
    const char *term = getenv("TERM");
    if (term == NULL || *term == '\0') {
        return CNC_BAD_TERM;
    }
    // With a non-NULL errret, setupterm reports an unknown terminal instead of exiting.
    int status = 0;
    if (setupterm(NULL, STDOUT_FILENO, &status) != OK || status != 1) {
        return CNC_BAD_TERM;
    }
    // TERM=dumb and friends are known to terminfo but cannot move the cursor: ncurses would
    // start and draw a blank screen. Refuse them here, before anything is written.
    if (cursor_address == NULL) {
        return CNC_NO_CURSOR_ADDRESSING;
    }
    screen = newterm(NULL, stdout, stdin);
    if (screen == NULL) {
        return CNC_INIT_FAILED;
    }
    set_term(screen);
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, FALSE);  // We decode escape sequences ourselves (TerminalUI.KeyDecoder).
    leaveok(stdscr, TRUE);
    scrollok(stdscr, FALSE);
    curs_set(0);
    set_program_modes();
    if (has_colors()) {
        start_color();
        use_default_colors();
    }
    // ncurses only sends the terminal's mouse-enable string (terminfo XM: SGR mode 1006 plus
    // click tracking 1000 for xterm; plain 1000 elsewhere) and, more to the point, turns it off
    // again in endwin() and back on at the refresh after Ctrl-Z. We still read the reports
    // ourselves from stdin. No motion reports: nothing in the app follows a hovering pointer.
    if (mouse) {
        mousemask(ALL_MOUSE_EVENTS, NULL);
    }
    return CNC_OK;
}

// Whether the terminal has an alternate screen (terminfo smcup). Without one (vt100, linux)
// the last frame would stay behind on exit and the shell prompt would land inside it.
static int has_alternate_screen(void) { return enter_ca_mode != NULL && *enter_ca_mode != '\0'; }

// After endwin(): on a terminal without an alternate screen, clears it and homes the cursor,
// so the shell starts on a clean screen as it does after leaving the alternate one.
static void clear_if_no_alternate_screen(void) {
    if (!has_alternate_screen() && clear_screen != NULL) {
        tputs(clear_screen, 1, putchar);
        fflush(stdout);
    }
}

void cnc_stop(void) {
    if (screen != NULL && !isendwin()) {
        curs_set(1);
        endwin();
        clear_if_no_alternate_screen();
    }
}

int cnc_locale_can_encode(uint32_t scalar) {
    char bytes[MB_LEN_MAX];
    mbstate_t state;
    memset(&state, 0, sizeof state);
    return wcrtomb(bytes, (wchar_t)scalar, &state) != (size_t)-1 ? 1 : 0;
}

int cnc_rows(void) { return getmaxy(stdscr); }
int cnc_cols(void) { return getmaxx(stdscr); }

int cnc_resize_from_tty(void) {
    struct winsize size;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) {
        return -1;
    }
    return resize_term(size.ws_row, size.ws_col) == OK ? 0 : -1;
}

int cnc_has_colors(void) { return has_colors() ? 1 : 0; }
int cnc_color_pairs(void) { return COLOR_PAIRS; }

void cnc_init_pair(short pair, short fg, short bg) { init_pair(pair, fg, bg); }

int cnc_put_cell(int y, int x, const uint32_t *scalars, int count, unsigned attrs, short pair) {
    wchar_t text[6] = {0};
    if (count > 5) {
        count = 5;
    }
    for (int i = 0; i < count; i++) {
        text[i] = (wchar_t)scalars[i];
    }
    attr_t attributes = A_NORMAL;
    if (attrs & CNC_BOLD) attributes |= A_BOLD;
    if (attrs & CNC_REVERSE) attributes |= A_REVERSE;
    if (attrs & CNC_DIM) attributes |= A_DIM;
    if (attrs & CNC_UNDERLINE) attributes |= A_UNDERLINE;
    cchar_t cell;
    if (setcchar(&cell, text, attributes, pair, NULL) != OK) {
        return -1;
    }
    // Writing the bottom-right cell returns ERR (the cursor cannot advance) but still draws.
    return mvadd_wch(y, x, &cell) == OK ? 0 : -1;
}

void cnc_clear(void) { clearok(stdscr, TRUE); }

// One frame, one write. ncurses flushes its output buffer after every cursor move (its mvcur
// writes at once), so a frame went out as dozens of write() calls and a terminal could show a
// half-drawn one. For the update, its output descriptor is pointed at a scratch file; the
// frame is then written to the tty whole. Only the descriptor moves: stdout's FILE is unused
// by ncurses' output. Coming back from endwin() (Ctrl-Z), ncurses first restores the tty's
// modes on that descriptor, so that is done here on the tty, before the redirection.
static FILE *frame_file = NULL;

static void write_all(int fd, const char *bytes, size_t count) {
    while (count > 0) {
        ssize_t written = write(fd, bytes, count);
        if (written < 0) {
            if (errno == EINTR) continue;
            return;
        }
        bytes += written;
        count -= (size_t)written;
    }
}

void cnc_refresh(void) {
    if (isendwin()) {
        reset_prog_mode();
    }
    if (frame_file == NULL) {
        frame_file = tmpfile();
    }
    int frame_fd = frame_file != NULL ? fileno(frame_file) : -1;
    int tty = frame_fd >= 0 ? dup(STDOUT_FILENO) : -1;
    if (tty < 0) {
        refresh();  // No scratch file: draw directly, in several writes.
        return;
    }
    fflush(stdout);
    dup2(frame_fd, STDOUT_FILENO);
    refresh();
    dup2(tty, STDOUT_FILENO);
    close(tty);
    off_t length = lseek(frame_fd, 0, SEEK_END);
    if (length > 0) {
        char *frame = malloc((size_t)length);
        if (frame != NULL && pread(frame_fd, frame, (size_t)length, 0) == length) {
            write_all(STDOUT_FILENO, frame, (size_t)length);
        }
        free(frame);
    }
    if (ftruncate(frame_fd, 0) != 0 || lseek(frame_fd, 0, SEEK_SET) != 0) {
        // A scratch file that cannot be emptied would grow: go back to drawing directly.
        fclose(frame_file);
        frame_file = NULL;
    }
}

static volatile sig_atomic_t signal_fd = -1;

static void forward_signal(int signo) {
    int saved = errno;
    unsigned char byte = (unsigned char)signo;
    if (signal_fd >= 0) {
        (void)!write(signal_fd, &byte, 1);
    }
    errno = saved;
}

int cnc_install_signal_pipe(int write_fd) {
    signal_fd = write_fd;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = forward_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    // SIGQUIT (Ctrl-\) too: by default it dumps core (and Swift's backtracer takes over the tty)
    // without restoring the terminal; here it quits cleanly like Ctrl-C, with status 131.
    // SIGTSTP (Ctrl-Z) too, replacing the handler newterm() installed: ncurses' handler calls
    // endwin() and doupdate() from inside the signal handler, so a Ctrl-Z that lands while the
    // loop is drawing runs ncurses inside ncurses. Its nested refresh left ncurses believing
    // cells were on a screen the alternate-screen switch had cleared: the screen stayed mostly
    // blank until the next full redraw. It also flushed the keys typed after the Ctrl-Z. The
    // loop now suspends between frames (cnc_suspend).
    // A parent that started us with SIGTSTP ignored (a launcher without job control) keeps it so.
    const int signals[] = {SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP};
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction current;
        if (signals[i] == SIGTSTP && sigaction(SIGTSTP, NULL, &current) == 0 &&
            current.sa_handler == SIG_IGN) {
            continue;
        }
        if (sigaction(signals[i], &action, NULL) != 0) {
            return -1;
        }
    }
    return 0;
}

void cnc_suspend(void) {
    if (screen == NULL || isendwin()) {
        return;
    }
    // Restores the shell's modes, shows the cursor, turns mouse reports off and leaves the
    // alternate screen. endwin() also sets SIGTSTP to SIG_IGN, remembering our handler; the
    // next refresh() puts it back (ncurses' _nc_signal_handler).
    endwin();
    clear_if_no_alternate_screen();
    struct sigaction stop;
    memset(&stop, 0, sizeof stop);
    stop.sa_handler = SIG_DFL;
    sigemptyset(&stop.sa_mask);
    struct sigaction previous;
    sigaction(SIGTSTP, &stop, &previous);
    // Stops here until `fg` sends SIGCONT. In an orphaned process group (no job control, as
    // under `sh -c`) the kernel discards the stop and this returns at once.
    raise(SIGTSTP);
    sigaction(SIGTSTP, &previous, NULL);
    // The shell may have changed the tty's modes while we were stopped: those are what exit
    // restores from now on. The next refresh() restores ours (reset_prog_mode), the alternate
    // screen and mouse reports.
    def_shell_mode();
}

static void restore_and_reraise(int signo) {
    if (screen != NULL) {
        endwin();
    }
    raise(signo);  // SA_RESETHAND restored the default action: this terminates as before.
}

void cnc_install_crash_restore(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = restore_and_reraise;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND | SA_NODEFER;
    const int signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE};
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        sigaction(signals[i], &action, NULL);
    }
}
