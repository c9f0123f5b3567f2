// What the app hears: key presses, mouse reports (xterm's SGR 1006 encoding, any-motion
// tracking), resizes and timer ticks.

/// One key press.
public enum KeyPress: Hashable, Sendable {
    case character(Character)
    case enter, escape, tab, backTab, backspace, delete
    case up, down, left, right
    /// Shift with an arrow.
    case shiftUp, shiftDown, shiftLeft, shiftRight
    case home, end, pageUp, pageDown
    /// Ctrl with a letter, as the lower-case letter (Ctrl-C is `.control("c")`).
    case control(Character)
    case unknown
}

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

public enum InputEvent: Hashable, Sendable {
    case key(KeyPress)
    case mouse(MouseEvent)
    /// Text pasted into the terminal (bracketed paste): the system clipboard's way in.
    case paste(String)
}
