#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H

/*
 * Swift's view of ncursesw. Imported only by the TerminalNcurses target.
 *
 * The wide-character API (wget_wch, waddnwstr, cchar_t) is hidden unless NCURSES_WIDECHAR
 * is defined before curses.h; SwiftPM drops the -D flags of ncursesw.pc, so it lives here.
 * Function-like macros and the globals Swift 6 rejects (stdscr, curscr, newscr, LINES, COLS,
 * COLORS, COLOR_PAIRS) are wrapped below as prefixed static inline functions.
 */
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <ncursesw/curses.h>

/* Globals. */
static inline WINDOW *cncurses_stdscr(void) { return stdscr; }
static inline WINDOW *cncurses_curscr(void) { return curscr; }
static inline WINDOW *cncurses_newscr(void) { return newscr; }
static inline int cncurses_LINES(void) { return LINES; }
static inline int cncurses_COLS(void) { return COLS; }
static inline int cncurses_COLORS(void) { return COLORS; }
static inline int cncurses_COLOR_PAIRS(void) { return COLOR_PAIRS; }

/* Attributes (function-like macros in curses.h). */
static inline attr_t cncurses_A_NORMAL(void) { return A_NORMAL; }
static inline attr_t cncurses_A_BOLD(void) { return A_BOLD; }
static inline attr_t cncurses_A_DIM(void) { return A_DIM; }
static inline attr_t cncurses_A_REVERSE(void) { return A_REVERSE; }
static inline attr_t cncurses_A_UNDERLINE(void) { return A_UNDERLINE; }
static inline attr_t cncurses_A_ITALIC(void) { return A_ITALIC; }
static inline attr_t cncurses_COLOR_PAIR(int n) { return (attr_t)COLOR_PAIR(n); }

/* Keys. */
static inline int cncurses_KEY_F(int n) { return KEY_F(n); }

/* Mouse (the masks are macros). */
static inline mmask_t cncurses_ALL_MOUSE_EVENTS(void) { return ALL_MOUSE_EVENTS; }
static inline mmask_t cncurses_BUTTON1_PRESSED(void) { return BUTTON1_PRESSED; }
static inline mmask_t cncurses_BUTTON1_RELEASED(void) { return BUTTON1_RELEASED; }
static inline mmask_t cncurses_BUTTON1_CLICKED(void) { return BUTTON1_CLICKED; }
static inline mmask_t cncurses_BUTTON1_DOUBLE_CLICKED(void) { return BUTTON1_DOUBLE_CLICKED; }
static inline mmask_t cncurses_BUTTON4_PRESSED(void) { return BUTTON4_PRESSED; }
static inline mmask_t cncurses_BUTTON5_PRESSED(void) { return BUTTON5_PRESSED; }
/* Every press and release of buttons 1-5: the reports a terminal in mode 1000 sends. */
static inline mmask_t cncurses_BUTTON_REPORTS(void) {
    return BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON2_PRESSED | BUTTON2_RELEASED
        | BUTTON3_PRESSED | BUTTON3_RELEASED | BUTTON4_PRESSED | BUTTON4_RELEASED
        | BUTTON5_PRESSED | BUTTON5_RELEASED;
}

/* Window geometry. */
static inline int cncurses_getmaxy(WINDOW *win) { return getmaxy(win); }
static inline int cncurses_getmaxx(WINDOW *win) { return getmaxx(win); }

/* Marks a window unchanged, so that wget_wch does not refresh it (a macro in curses.h). */
static inline int cncurses_untouchwin(WINDOW *win) { return untouchwin(win); }

/*
 * A terminfo string capability, or NULL when the terminal lacks it (tigetstr returns
 * (char *)-1 for a name that is not a string capability, which Swift must never read).
 */
static inline const char *cncurses_tigetstr(const char *name) {
    char *value = tigetstr(name);
    if (value == NULL || value == (char *)-1) return NULL;
    return value;
}

/*
 * Loads the description of terminal `name` without a screen (term.h, which curses.h does
 * not include; its capability macros would clash with Swift names). For tests of the
 * strings read from terminfo. Returns 1 on success.
 */
extern int setupterm(const char *name, int fd, int *error);
static inline int cncurses_load_terminfo(const char *name, int fd) {
    int error = 0;
    return setupterm(name, fd, &error) == OK ? 1 : 0;
}

/*
 * tiparm is variadic, which Swift cannot call: one and two integer parameters cover every
 * capability drawn with (cup, csr, setaf, setab). NULL when the expansion fails.
 */
static inline const char *cncurses_tiparm1(const char *capability, int first) {
    return tiparm(capability, first);
}
static inline const char *cncurses_tiparm2(const char *capability, int first, int second) {
    return tiparm(capability, first, second);
}

#endif
