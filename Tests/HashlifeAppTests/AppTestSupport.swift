#if canImport(Glibc)
@preconcurrency import Glibc
#endif
@testable import HashlifeApp
import HashlifeEngine
import HashlifeFormats
import HashlifeEditing
import HashlifeTerminal
import HashlifeTestSupport

/// An 80×24 app (unless told otherwise) on a shipped pattern, without persistence.
func makeApp(_ pattern: String? = nil, columns: Int = 80, rows: Int = 24, settings: Settings = Settings()) throws -> App {
    let session = Session(columns: columns, rows: rows)
    if let pattern { try session.load(document: Fixtures.document(pattern)) }
    return App(session: session, columns: columns, rows: rows, settings: settings, library: ShapeLibrary(folder: nil))
}

extension App {
    /// Runs effects as the runner would, but on this thread (steps finish before returning).
    @discardableResult
    func perform(_ effects: [AppEffect]) -> [AppEffect] {
        var other: [AppEffect] = []
        for effect in effects {
            switch effect {
            case .step(let count):
                do { try session.step(count, group: runningGroup); stepFinished(nil) } catch { stepFinished(error) }
            case .goto(let generation):
                do { try session.goto(generation); stepFinished(nil) } catch { stepFinished(error) }
            case .command(let name, let arguments):
                commandFinished(name: name, arguments: arguments, result: commands.run(name: name, arguments: arguments))
            default: other.append(effect)
            }
        }
        return other
    }

    /// Handles `event` and performs its effects; returns the effects left for a terminal.
    @discardableResult
    func send(_ event: InputEvent) -> [AppEffect] { perform(handle(event)) }

    @discardableResult
    func press(_ character: Character) -> [AppEffect] { send(.key(.character(character))) }

    /// Types `text` into the app (each character a key press), then presses `final` (Enter
    /// unless told otherwise); returns the effects left for a terminal.
    @discardableResult
    func type(_ text: String, then final: Key? = .enter) -> [AppEffect] {
        var left: [AppEffect] = []
        for c in text { left += send(.key(.character(c))) }
        if let final { left += send(.key(final)) }
        return left
    }

    /// A left click at screen position (`column`, `row`): press then release.
    func click(_ column: Int, _ row: Int, button: MouseEvent.Button = .left) {
        send(.mouse(MouseEvent(.press, button, column: column, row: row)))
        send(.mouse(MouseEvent(.release, button, column: column, row: row)))
    }

    var text: [String] { render().lines }
}

/// The app's environment with HOME and the XDG folders inside `folder`.
func appEnvironment(in folder: String) -> [String: String] {
    ["HOME": folder, "XDG_CONFIG_HOME": folder + "/config", "XDG_DATA_HOME": folder + "/data", "XDG_STATE_HOME": folder + "/state"]
}

/// A fresh temporary folder (removed by the caller with `removeTree`).
func temporaryFolder() -> String {
    var template = Array("/tmp/hashlife-app-test-XXXXXX".utf8CString)
    return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
}

func removeTree(_ path: String) {
    _ = system("rm -rf '\(path)'")
}
