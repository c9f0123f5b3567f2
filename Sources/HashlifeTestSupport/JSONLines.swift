import Foundation

/// A line of program output that is not a JSON object.
public struct NotAJSONObject: Error, CustomStringConvertible {
    public let line: String
    public var description: String { "not a JSON object: \(line)" }
}

/// Each line of `output` (JSON lines, as the REPL and `--json` answer) parsed as a JSON object.
public func jsonLines(_ output: String) throws -> [[String: Any]] {
    try output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
        guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw NotAJSONObject(line: String(line))
        }
        return object
    }
}

/// A fresh folder, removed with the test process's scratch folder when the tests end.
public func temporaryDirectory() throws -> String {
    ScratchFolder.make("repl")
}
