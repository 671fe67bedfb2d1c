#include "CSignalSupport.h"
