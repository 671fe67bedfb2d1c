#ifndef C_DISPLAY_WIDTH_H
#define C_DISPLAY_WIDTH_H

/// Columns the C library gives one Unicode scalar (wcwidth), or -1 when it is not printable.
int lister_wcwidth(unsigned int scalar);

/// Selects the user's locale, falling back to C.UTF-8 for LC_CTYPE when the user's locale
/// is not a UTF-8 one. Returns 1 when the resulting LC_CTYPE is UTF-8.
int lister_setlocale_utf8(void);

#endif
