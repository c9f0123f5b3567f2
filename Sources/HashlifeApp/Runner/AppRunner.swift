// The terminal side of the app: raw mode, the alternate screen and mouse reporting on the way in
// and off again on every way out; then one loop that reads input without blocking the frame
// clock, feeds events to `App`, runs its effects (steps on the worker), autosaves, and sends
// each frame's changes.

#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import HashlifeCommands
import HashlifeEngine
import HashlifeEditing
import HashlifeTerminal

public enum AppRunner {
    /// Runs `app` on the terminal at `input`/`output` until it quits; saves on the way out.
    public static func run(_ app: App, input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, colourMode: ColourMode) {
        app.drawsStateLetters = colourMode == .none
        Terminal.withRawMode(input) {
            TerminalSignals.install()
            Terminal.write(output, TerminalSignals.enter)
            defer { Terminal.write(output, "\u{1B}[0m" + TerminalSignals.leave) }
            var loop = Loop(app: app, input: input, output: output, colourMode: colourMode)
            loop.run()
        }
    }

    /// Milliseconds of the monotonic clock.
    static func milliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }

    struct Loop {
        let app: App
        let input: Int32
        let output: Int32
        let colourMode: ColourMode
        var decoder = InputDecoder()
        let worker: StepWorker
        /// The command the worker runs, if it runs one (else a step).
        var runningCommand: (name: String, arguments: [String], answer: CommandAnswer)?
        var previous: Screen? = nil
        var quitting = false

        init(app: App, input: Int32, output: Int32, colourMode: ColourMode) {
            self.app = app
            self.input = input
            self.output = output
            self.colourMode = colourMode
            worker = StepWorker(control: app.control)
        }

        /// The worker finished: a command's answer, or a step's result.
        mutating func finished(_ result: SessionError??) {
            guard let result else { return }
            if let command = runningCommand {
                runningCommand = nil
                let answer = command.answer.result ?? .failure(CommandError(SessionError.Kind.cancelled, result?.message ?? "stopped"))
                app.commandFinished(name: command.name, arguments: command.arguments, result: answer)
            } else {
                app.stepFinished(result)
            }
        }

        mutating func run() {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !quitting {
                let now = AppRunner.milliseconds()
                app.now = now
                if TerminalSignals.resumed.exchange(false, ordering: .relaxed) {
                    TerminalSignals.reenter(input)
                    Terminal.write(output, TerminalSignals.enter)
                    previous = nil
                }
                if let size = Terminal.size(of: output), size.columns != app.columns || size.rows != app.rows {
                    app.resize(columns: size.columns, rows: size.rows)
                    previous = nil
                }
                finished(worker.poll())
                if app.busy { app.progressGeneration = worker.reached }
                perform(app.tick(now: now))
                if app.autosaveDue(now: now) { app.autosave(now: now) }
                for event in decoder.expire(now: now) where !quitting { perform(app.handle(event)) }
                if quitting { break }
                draw()
                // Sleep until input comes, the worker finishes, a signal (resize, resume)
                // arrives, or something is due: idle with nothing due, that is for ever.
                var wait = app.wakeDelay(now: now)
                if let deadline = decoder.deadline {
                    let left = Int32(clamping: max(deadline - now, 1))
                    wait = wait < 0 ? left : min(wait, left)
                }
                guard waitForInputOrWorker(milliseconds: wait) else { continue }
                let count = buffer.withUnsafeMutableBytes { Terminal.read(input, into: $0) } ?? 0
                if count == 0 { break }  // the terminal went away
                let events = decoder.feed(Array(buffer[0..<count]), now: AppRunner.milliseconds())
                for event in events where !quitting { perform(app.handle(event)) }
            }
            // Leaving: finish the step in flight, then save everything (the view too).
            if app.busy {
                worker.control.cancel()
                finished(worker.wait())
            }
            app.finish(now: AppRunner.milliseconds())
        }

        /// Waits for input or for the worker's wake-up byte; true when input is ready. Wraps
        /// `poll(2)` on both descriptors (a negative wait blocks until one is ready, or a signal
        /// interrupts).
        func waitForInputOrWorker(milliseconds: Int32) -> Bool {
            var entries = [pollfd(fd: input, events: Int16(POLLIN), revents: 0), pollfd(fd: worker.wakeDescriptor, events: Int16(POLLIN), revents: 0)]
            let count = poll(&entries, worker.wakeDescriptor >= 0 ? 2 : 1, milliseconds)
            return count > 0 && entries[0].revents != 0
        }

        mutating func draw() {
            let frame = app.render(previous: previous)
            if frame != previous {
                Terminal.write(output, frame.output(from: previous, mode: colourMode))
                previous = frame
            }
        }

        mutating func perform(_ effects: [AppEffect]) {
            for effect in effects {
                switch effect {
                case .step(let count):
                    let session = app.session
                    let group = app.runningGroup
                    worker.start { (control, progress) throws(SessionError) in
                        try session.step(count, group: group, control: control, progress: progress)
                    }
                case .goto(let generation):
                    let session = app.session
                    worker.start { (control, progress) throws(SessionError) in
                        try session.goto(generation, control: control, progress: progress)
                    }
                case .command(let name, let arguments):
                    let commands = app.commands
                    let answer = CommandAnswer()
                    worker.start { (_, progress) throws(SessionError) in
                        commands.progress = progress
                        answer.result = commands.run(name: name, arguments: arguments)
                        commands.progress = nil
                    }
                    runningCommand = (name, arguments, answer)
                case .cancelStep:
                    worker.control.cancel()
                case .clipboard(let text):
                    Terminal.write(output, "\u{1B}]52;c;" + Base64.encode(Array(text.utf8)) + "\u{07}")
                case .quit:
                    quitting = true
                }
            }
        }
    }
}

/// A command's answer, written by the worker before it says it finished, and read by the app's
/// thread after (the worker's `finished` flag orders the two).
final class CommandAnswer: @unchecked Sendable {
    var result: Result<Answer, CommandError>?
}

/// Base64 for OSC 52 clipboard writes.
enum Base64 {
    static func encode(_ bytes: [UInt8]) -> String {
        let table = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let b0 = bytes[i], b1 = i + 1 < bytes.count ? bytes[i + 1] : 0, b2 = i + 2 < bytes.count ? bytes[i + 2] : 0
            out.append(table[Int(b0 >> 2)])
            out.append(table[Int((b0 & 3) << 4 | b1 >> 4)])
            out.append(i + 1 < bytes.count ? table[Int((b1 & 15) << 2 | b2 >> 6)] : UInt8(ascii: "="))
            out.append(i + 2 < bytes.count ? table[Int(b2 & 63)] : UInt8(ascii: "="))
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
