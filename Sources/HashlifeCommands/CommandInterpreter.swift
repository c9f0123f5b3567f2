// The command language over one `Session`: the REPL's, and the app's `:` line.
//
// A line is words separated by spaces (a word may be quoted with "…" or '…' to hold spaces);
// a line whose first non-blank character is '#' is a comment; blank lines are ignored. Each
// command answers either in text, for people (errors as `error: MESSAGE` on the same stream so
// scripts see them in order), or with `--json` as exactly one line: `{"ok":true,…}` or
// `{"ok":false,"error":{"code":"…","message":"…"}}`.

import HashlifeBoards
import HashlifeEngine
import HashlifeFormats
import HashlifeEditing
import HashlifeInterface
import HashlifeTerminal

/// Why a command failed: its kind, for programs, and a message for people.
public struct CommandError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong: a session's kinds, and the language's own. The raw values are the
    /// stable codes of the JSON answers.
    public enum Kind: Equatable, Sendable {
        /// What the session said (`SessionError.Kind`).
        case session(SessionError.Kind)
        /// A command used with the wrong words.
        case usage
        /// No command of that name.
        case unknownCommand
        /// The board store said no.
        case board

        /// The stable code ("usage", "unknown-command", "file", …).
        public var code: String {
            switch self {
            case .session(let kind): kind.rawValue
            case .usage: "usage"
            case .unknownCommand: "unknown-command"
            case .board: "board"
            }
        }
    }

    public var kind: Kind
    public var message: String
    /// What the command changed before it failed (a step stopped part way); usually nothing.
    public var effects: CommandEffects = []
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
    public init(_ kind: SessionError.Kind, _ message: String) { self.init(.session(kind), message) }
    public init(_ error: SessionError) { self.init(.session(error.kind), error.message) }
    /// The kind's stable code.
    public var code: String { kind.code }
    public var description: String { message }
    /// Was the command stopped (Ctrl-C, Esc) rather than refused?
    public var isCancelled: Bool { kind == .session(.cancelled) }

    /// The error with `path` (file errors quote it whole) shown as a short escaped excerpt
    /// when it is long or strange.
    func quoting(_ path: String) -> CommandError {
        CommandError(kind, Excerpt.shortening(path, in: message))
    }

    static func usage(_ command: InterpreterCommand) -> CommandError {
        CommandError(.usage, "usage: \(command.usage)")
    }
    static func argument(_ message: String) -> CommandError { CommandError(.argument, message) }
}

/// A command's answer, in both forms: text lines for people and fields for JSON; and what the
/// command changed, for a host that shows the session (neither form prints it).
public struct Answer: Sendable {
    /// Lines printed in text mode (without line ends).
    public var lines: [String]
    /// Fields after `"ok":true` in JSON mode.
    public var fields: [JSONValue.Field]
    /// What the command changed (`CommandEffects`).
    public var effects: CommandEffects

    public init(lines: [String] = [], fields: [JSONValue.Field] = [], effects: CommandEffects = []) {
        self.lines = lines
        self.fields = fields
        self.effects = effects
    }

    init(_ line: String, _ fields: [JSONValue.Field], effects: CommandEffects = []) {
        self.init(lines: [line], fields: fields, effects: effects)
    }
}

/// A line of the language split into the command it names and that command's arguments.
public struct ParsedCommand: Equatable, Sendable {
    /// The command's name as `help` lists it, its case and aliases resolved ("quit" for
    /// "EXIT"); for a name that is no command, the word in lower case (running it answers
    /// "unknown command").
    public var name: String
    /// The words after the name, as typed.
    public var arguments: [String]

    public init(name: String, arguments: [String]) {
        self.name = name
        self.arguments = arguments
    }
}

/// Interprets command lines against a session.
public final class CommandInterpreter {
    public let session: Session
    public let json: Bool
    /// Cancels a running `step` or `goto` (from another thread or a signal handler).
    public let control: StepControl
    /// Show a progress bar on standard error during `step` and `goto`.
    public var showsProgress: Bool
    /// The shapes `stamp` and `library` use.
    public var shapes = ShapeLibrary()
    /// The board store `board` uses when set (else $HASHLIFE_STORE or the data folder), and the
    /// board the universe came from (CommandInterpreter+Boards.swift).
    var boardStorePath: String?
    var openedBoard: OpenedBoard?
    /// The session's history and snapshots as `board save` writes them with the board (shared
    /// with the host's own saves, so both write each state once).
    public var boardArchive = BoardSessionArchive()
    /// The board store to use instead of the default one (the app's own store).
    public var hostBoardService: BoardService?
    /// Hears the generation a running `step` or `goto` has reached (the app's progress line).
    public var progress: ((BigUInt) -> Void)?
    /// Hears where a `step` or `goto` starts and the generation it goes to, before it runs.
    public var progressStarted: ((_ from: BigUInt, _ target: BigUInt) -> Void)?
    /// Set by `quit`/`exit`.
    public private(set) var hasQuit = false
    /// Did the last command stop because `control` cancelled it?
    public internal(set) var wasCancelled = false
    /// The commands answered with an error so far (a line that does not split into words
    /// counts as one).
    public private(set) var failedCommands = 0

    public init(session: Session, json: Bool = false, control: StepControl = StepControl(), showsProgress: Bool = false) {
        self.session = session
        self.json = json
        self.control = control
        self.showsProgress = showsProgress
    }

    /// Runs one input line and writes its answer with `emit` (text ending in "\n"; nothing for
    /// blank and comment lines), counting it in `failedCommands` when it fails. Returns false
    /// once the interpreter should stop (`quit`).
    @discardableResult
    public func execute(_ line: String, emit: (String) -> Void) -> Bool {
        wasCancelled = false
        let words: [String]
        do { words = try CommandInterpreter.words(line) } catch {
            failedCommands += 1
            emit(render(.failure(error)))
            return !hasQuit
        }
        guard let name = words.first else { return !hasQuit }
        let result = run(name: name, arguments: Array(words.dropFirst()))
        if case .failure = result { failedCommands += 1 }
        emit(render(result))
        return !hasQuit
    }

    /// Runs a command given as words, returning its answer or error, each with what the
    /// command changed (`CommandEffects`).
    public func run(name: String, arguments: [String]) -> Result<Answer, CommandError> {
        guard let command = InterpreterCommand.named(name) else {
            return .failure(CommandError(.unknownCommand, "unknown command \(Excerpt.quote(name)) (try 'help')"))
        }
        do throws(CommandError) {
            return .success(try changingUniverse(command.changes) { () throws(CommandError) -> Answer in try command.run(self, arguments) })
        } catch {
            return .failure(error)
        }
    }

    /// The text or JSON form of a result, ending in "\n" (text mode: empty when there is nothing to say).
    func render(_ result: Result<Answer, CommandError>) -> String {
        switch (result, json) {
        case (.success(let answer), false):
            return answer.lines.map { $0 + "\n" }.joined()
        case (.success(let answer), true):
            return JSONValue.object([.init("ok", true)] + answer.fields).encoded + "\n"
        case (.failure(let error), false):
            // Control characters escaped: an error never moves the terminal's cursor.
            return "error: \(Excerpt.escapingControls(error.message))\n"
        case (.failure(let error), true):
            let detail = JSONValue.object([.init("code", .string(error.code)), .init("message", .string(error.message))])
            return JSONValue.object([.init("ok", false), .init("error", detail)]).encoded + "\n"
        }
    }

    func quit() { hasQuit = true }

    /// The command-line history file the REPL and the app's `:` line share: `repl_history` in
    /// `DataFolders.state` (`$XDG_STATE_HOME/hashlife`, default `~/.local/state/hashlife`);
    /// nil when there is no such folder.
    public static func historyPath(environment: [String: String]? = nil) -> String? {
        DataFolders.state(environment).map { $0 + "/repl_history" }
    }

    /// Every command's name, in the order `help` lists them (for completion).
    public static var commandNames: [String] { InterpreterCommand.all.map(\.name) }

    /// Splits `line` into its command and arguments (`words`, then the name as `run` resolves
    /// it); nil for a blank or comment line.
    public static func parse(_ line: String) throws(CommandError) -> ParsedCommand? {
        let all = try words(line)
        guard let first = all.first else { return nil }
        return ParsedCommand(name: InterpreterCommand.named(first)?.name ?? first.lowercased(), arguments: Array(all.dropFirst()))
    }

    /// The one-line usage of command `name` ("step [N]"), or nil for no such command.
    public static func usage(of name: String) -> String? { InterpreterCommand.named(name)?.usage }

    /// A path or word from the input as answers show it: as it is when short and printable,
    /// else a short escaped excerpt (`Excerpt.quote`).
    static func shown(_ text: String) -> String {
        Excerpt.isPlain(text, limit: Excerpt.pathLimit) ? text : Excerpt.quote(text)
    }


    /// Splits a line into words: runs of non-blank characters, or quoted with "…" or '…' (no
    /// escapes inside). A line starting with '#' (after blanks) has no words.
    public static func words(_ line: String) throws(CommandError) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character? = nil
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
                continue
            }
            if character == " " || character == "\t" || character == "\r" || character == "\n" {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else if character == "#" && words.isEmpty && !inWord {
                return []
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else {
                current.append(character)
                inWord = true
            }
        }
        if quote != nil { throw CommandError(.usage, "unterminated quote") }
        if inWord { words.append(current) }
        return words
    }
}
