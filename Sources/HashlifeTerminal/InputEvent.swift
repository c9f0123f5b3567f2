// What a terminal sends, decoded (`InputDecoder`): key presses (`Key`), mouse reports
// (xterm's SGR 1006 encoding, any-motion tracking) and bracketed pastes.

/// One mouse report, at a 0-based character position of the terminal.
public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case press, release, drag, move, wheelUp, wheelDown }
    public enum Button: Hashable, Sendable { case left, middle, right, none }
    public var kind: Kind
    public var button: Button
    public var column: Int
    public var row: Int
    public var shift = false, alt = false, control = false

    public init(_ kind: Kind, _ button: Button, column: Int, row: Int, shift: Bool = false, alt: Bool = false, control: Bool = false) {
        self.kind = kind
        self.button = button
        self.column = column
        self.row = row
        self.shift = shift
        self.alt = alt
        self.control = control
    }
}

/// One decoded piece of terminal input.
public enum InputEvent: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    /// Text pasted into the terminal (bracketed paste): the system clipboard's way in.
    case paste(String)
}
