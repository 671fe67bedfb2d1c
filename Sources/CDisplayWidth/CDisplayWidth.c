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

int lister_setlocale_utf8(void) {
    setlocale(LC_ALL, "");
    if (codeset_is_utf8()) return 1;
    if (setlocale(LC_CTYPE, "C.UTF-8") != NULL && codeset_is_utf8()) return 1;
    if (setlocale(LC_CTYPE, "en_US.UTF-8") != NULL && codeset_is_utf8()) return 1;
    return 0;
}
