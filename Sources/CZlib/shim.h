// The system zlib, for gzip reading and writing in HashlifeFormats.
#include <zlib.h>
