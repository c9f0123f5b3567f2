// Driving the interpreter from lines: a list (tests), a pipe or file, or the interactive line editor;
// and what Ctrl-C (SIGINT) does.

#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import HashlifeEngine
import HashlifeFormats
import HashlifeCommands
import HashlifeEditing
import HashlifeTerminal
import Synchronization

/// Something that produces input lines.
public protocol LineSource {
    /// The next line without its line end, or nil at end of input.
    mutating func nextLine() -> String?
}

/// Lines from a list.
public struct LineList: LineSource {
    private var lines: [String]
    private var index = 0
    public init(_ lines: [String]) { self.lines = lines }
    public mutating func nextLine() -> String? {
        guard index < lines.count else { return nil }
        defer { index += 1 }
        return lines[index]
    }
}

/// Lines read from a file descriptor (a pipe or a file): split at "\n", a trailing "\r"
/// dropped, a last line without "\n" kept.
public struct FileDescriptorLines: LineSource {
    public let fd: Int32
    private var pending: [UInt8] = []
    private var atEnd = false

    public init(fd: Int32) { self.fd = fd }

    public mutating func nextLine() -> String? {
        var searchFrom = 0
        while true {
            if let newline = pending[searchFrom...].firstIndex(of: UInt8(ascii: "\n")) {
                var line = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                return String(decoding: line, as: UTF8.self)
            }
            if atEnd {
                guard !pending.isEmpty else { return nil }
                defer { pending = [] }
                return String(decoding: pending, as: UTF8.self)
            }
            searchFrom = pending.count
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { Terminal.read(fd, into: $0) } ?? 0
            if n == 0 { atEnd = true } else { pending.append(contentsOf: chunk[..<n]) }
        }
    }
}

/// Lines typed at the prompt, through the line editor.
struct EditorLines: LineSource {
    let editor: LineEditor
    mutating func nextLine() -> String? {
        switch editor.readLine() {
        case .line(let line): return line
        case .end: return nil
        }
    }
}

/// What SIGINT does: while a command runs, cancel it through `control` (a step or
/// goto stops at a consistent generation and the REPL goes on); when reading a pipe, an
/// interrupt that stopped nothing ends the REPL with status 130: at once when idle, or as soon
/// as the running command (one that cannot be cancelled) finishes. At the interactive prompt,
/// raw mode delivers Ctrl-C as a key instead, and a stray SIGINT only cancels.
///
/// The handler reads and writes atomics and calls `StepControl.cancel()` (an atomic store), or
/// restores the terminal and calls `_exit`: all async-signal-safe. Every global it touches is
/// initialised before the handler is installed.
public enum REPLInterrupts {
    /// The control that SIGINT cancels; the REPL started by `REPLRunner.runStandardStreams`
    /// steps with it.
    public static let control = StepControl()
    /// Is a command running?
    static let busy = Atomic<Bool>(false)
    /// Did SIGINT arrive while the current command ran?
    static let pending = Atomic<Bool>(false)
    /// When idle, does SIGINT end the process (pipe input) or only cancel (interactive)?
    static let exitsWhenIdle = Atomic<Bool>(false)

    /// Installs the SIGINT handler (`InterruptSignal.install`, which also unblocks SIGINT).
    static func install(exitsWhenIdle: Bool) {
        _ = control.isCancelled
        busy.store(false, ordering: .relaxed)
        pending.store(false, ordering: .relaxed)
        self.exitsWhenIdle.store(exitsWhenIdle, ordering: .relaxed)
        Terminal.restoreModeFromSignalHandler()  // initialises its globals too (no mode saved yet: does nothing)
        InterruptSignal.install { _ in
            if REPLInterrupts.busy.load(ordering: .sequentiallyConsistent) {
                REPLInterrupts.pending.store(true, ordering: .sequentiallyConsistent)
                REPLInterrupts.control.cancel()
            } else if REPLInterrupts.exitsWhenIdle.load(ordering: .relaxed) {
                Terminal.restoreModeFromSignalHandler()
                _exit(130)
            } else {
                REPLInterrupts.control.cancel()
            }
        }
    }

    /// Before a command: nothing pending, busy.
    static func commandStarts() {
        pending.store(false, ordering: .sequentiallyConsistent)
        busy.store(true, ordering: .sequentiallyConsistent)
    }

    /// After a command: idle again; the status to end with if an interrupt came that the
    /// command did not use to cancel a step (only when reading a pipe).
    static func commandEnds(_ repl: CommandInterpreter) -> Int32? {
        busy.store(false, ordering: .sequentiallyConsistent)
        let interrupted = pending.exchange(false, ordering: .sequentiallyConsistent)
        return interrupted && !repl.wasCancelled && exitsWhenIdle.load(ordering: .relaxed) ? 130 : nil
    }
}

/// Hooks around each command (for signal handling).
public struct CommandHooks {
    public var starts: () -> Void
    /// A status to stop with, or nil to go on.
    public var ends: (CommandInterpreter) -> Int32?
    public init(starts: @escaping () -> Void = {}, ends: @escaping (CommandInterpreter) -> Int32? = { _ in nil }) {
        self.starts = starts
        self.ends = ends
    }
}

public enum REPLRunner {
    /// The line editor's history file: `repl_history` in `DataFolders.state` (`$XDG_STATE_HOME/
    /// hashlife`, default `~/.local/state/hashlife`); nil when there is no such folder.
    public static func historyPath(environment: [String: String]? = nil) -> String? {
        CommandInterpreter.historyPath(environment: environment)
    }

    /// Feeds `input` to `repl` line by line until the input ends or `quit`, writing answers with
    /// `output`, calling `hooks` around each line. Returns the exit status: what a hook said;
    /// else 1 when `failsOnErrors` and any command failed (as `sh -e` ends a script); else 0.
    public static func run(_ repl: CommandInterpreter, input: inout some LineSource, output: (String) -> Void,
                           hooks: CommandHooks = CommandHooks(), failsOnErrors: Bool = false) -> Int32 {
        while let line = input.nextLine() {
            hooks.starts()
            let goOn = repl.execute(line, emit: output)
            if let status = hooks.ends(repl) { return status }
            if !goOn { break }
        }
        return failsOnErrors && repl.failedCommands > 0 ? 1 : 0
    }

    /// Runs `lines` against `session` and returns the status and everything written (for tests
    /// and embedding): 1 when `failsOnErrors` and any command failed, as a script's status.
    public static func run(session: Session, json: Bool, lines: [String], control: StepControl = StepControl(),
                           failsOnErrors: Bool = false) -> (status: Int32, output: String) {
        let repl = CommandInterpreter(session: session, json: json, control: control)
        var input = LineList(lines)
        var text = ""
        let status = run(repl, input: &input, output: { text += $0 }, failsOnErrors: failsOnErrors)
        return (status, text)
    }

    /// The REPL on the process's standard streams: with a prompt and the line editor (history in
    /// `historyPath()`) when standard input and output are terminals, else
    /// lines read from standard input with no prompt. SIGINT cancels a running step; on a pipe,
    /// an interrupt that cancels nothing ends the REPL with status 130 (see `REPLInterrupts`).
    /// When standard input is not a terminal (a script, a program driving `--json`), the status
    /// is 1 if any command failed.
    /// A progress bar goes to standard error during long steps when it is a terminal. Answers go
    /// to `output` (standard output by default).
    public static func runStandardStreams(session: Session, json: Bool, output: ((String) -> Void)? = nil) -> Int32 {
        let interactive = Terminal.isTerminal(STDIN_FILENO) && Terminal.isTerminal(STDOUT_FILENO)
        let write = output ?? { Terminal.write(STDOUT_FILENO, $0) }
        REPLInterrupts.install(exitsWhenIdle: !interactive)
        let repl = CommandInterpreter(session: session, json: json, control: REPLInterrupts.control,
                        showsProgress: Terminal.isTerminal(STDERR_FILENO))
        let hooks = CommandHooks(starts: REPLInterrupts.commandStarts, ends: REPLInterrupts.commandEnds)
        if interactive {
            let editor = LineEditor(prompt: "hashlife> ", historyPath: REPLRunner.historyPath())
            var input = EditorLines(editor: editor)
            return run(repl, input: &input, output: write, hooks: hooks)
        }
        var input = FileDescriptorLines(fd: STDIN_FILENO)
        return run(repl, input: &input, output: write, hooks: hooks, failsOnErrors: !Terminal.isTerminal(STDIN_FILENO))
    }
}
