#define _XOPEN_SOURCE 700
#include "CDisplayWidth.h"
#include <langinfo.h>
#include <locale.h>
#include <string.h>
#include <wchar.h>

int lister_wcwidth(unsigned int scalar) {
    return wcwidth((wchar_t)scalar);
}

static int codeset_is_utf8(void) {
    const char *codeset = nl_langinfo(CODESET);
    return codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}

// Only the character type is taken from the environment: it is all that curses and
// wcwidth read. LC_ALL would load a dozen more locale files at start-up (messages,
// collation, time...) that nothing here uses; messages stay in English, as lister's own.
int lister_setlocale_utf8(void) {
    setlocale(LC_CTYPE, "");
    if (codeset_is_utf8()) return 1;
    if (setlocale(LC_CTYPE, "C.UTF-8") != NULL && codeset_is_utf8()) return 1;
    if (setlocale(LC_CTYPE, "en_US.UTF-8") != NULL && codeset_is_utf8()) return 1;
    return 0;
}
