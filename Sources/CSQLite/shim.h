// The system SQLite (Debian's libsqlite3-dev), the board store of HashlifeBoards.
#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import:
// this constant stands for it (bound text and blobs are copied by SQLite at once).
static const sqlite3_destructor_type hashlife_sqlite_transient = SQLITE_TRANSIENT;
