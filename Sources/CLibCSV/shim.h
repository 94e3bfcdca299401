#ifndef PER_CLIBCSV_SHIM_H
#define PER_CLIBCSV_SHIM_H
#include <csv.h>
#endif
