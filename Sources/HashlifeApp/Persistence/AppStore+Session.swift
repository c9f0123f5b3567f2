// The app's history and snapshots, saved beside its board: `hashlife play` with no file
// reopens the last board with its history as far as it was saved.
//
// What is saved, and how, is `BoardSessionArchive`'s (HashlifeCommands). While playing (a save
// every 5 s, each step an entry) a save encodes new undo and redo states for at most
// `playingEncodingBudget`; the saves after pausing and on quit write the rest. Only
// `hashlife play` with no file reads it back; `play FILE`, `play --board ID` and opening a
// board in the boards panel start a new history, which then replaces the board's saved one at
// the next save.

import HashlifeBoards
import HashlifeCommands
import HashlifeEngine
import HashlifeFormats
import HashlifeEditing

extension AppStore {
    /// How long a save while playing may spend encoding new undo and redo states.
    public static let defaultPlayingEncodingBudget = Duration.milliseconds(25)

    /// Puts the board's saved session (history and snapshots) into `session`, which has just
    /// opened the board. Returns nil when it was restored or there was none, else a one-line
    /// note for the header: the app then opens without history (never fails because of it).
    func restoreSession(into session: Session) -> String? {
        guard let id = boardID else { return nil }
        return archive.restore(board: id, service: service, into: session)
    }
}
