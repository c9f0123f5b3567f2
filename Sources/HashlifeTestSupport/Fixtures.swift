#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import HashlifeEngine
import HashlifeFormats

/// Paths to the repository's pattern files and to `../shared` (present beside developers'
/// checkouts and in CI, absent from a user's clone: tests that need it are disabled with
/// `.enabled(if: Fixtures.shared != nil, …)`, so Swift Testing reports them as skipped).
public enum Fixtures {
    /// The repository's top folder, found from this source file's path.
    public static let repositoryRoot: String = {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // Sources/HashlifeTestSupport/Fixtures.swift
        return parts.joined(separator: "/")
    }()

    /// The shipped pattern file `name` (e.g. "glider.rle").
    public static func pattern(_ name: String) -> String { repositoryRoot + "/patterns/" + name }

    /// `../shared` beside the repository, or nil when it is absent.
    public static var shared: String? {
        let path = repositoryRoot + "/../shared"
        return access(path + "/oracle", F_OK) == 0 ? path : nil
    }

    /// The document in a shipped pattern file; traps with the parse error (fixtures are ours).
    public static func document(_ name: String) -> PatternDocument {
        do {
            let bytes = try FileIO.read(pattern(name))
            return try RLEReader.read(String(decoding: bytes, as: UTF8.self))
        } catch {
            fatalError("fixture \(name): \(error)")
        }
    }

    /// A universe holding a shipped pattern.
    public static func universe(_ name: String) -> Universe {
        do { return try Universe(document: document(name)) } catch { fatalError("fixture \(name): \(error)") }
    }

    /// The cells of a shipped pattern, for the reference engine.
    public static func referenceCells(_ name: String) -> [ReferenceCell] {
        document(name).cells.map { ReferenceCell(x: $0.x, y: $0.y) }
    }
}

extension Universe {
    /// Every live cell as reference cells (coordinates must fit Int). For comparing with the
    /// reference engine in tests.
    public var referenceCells: Set<ReferenceCell> {
        var cells = Set<ReferenceCell>()
        forEachLiveCell { x, y in cells.insert(ReferenceCell(x: x.intValue!, y: y.intValue!)) }
        return cells
    }

    /// A universe holding `cells` under `rule`.
    public convenience init(rule: Rule, referenceCells cells: some Sequence<ReferenceCell>) {
        self.init(rule: rule)
        load(cells: cells.lazy.map { (x: $0.x, y: $0.y) })
    }
}

extension LifeUniverse {
    /// The cells not in state 0, as reference cells (coordinates must fit `Int`).
    public var liveReferenceCells: Set<ReferenceCell> {
        var cells = Set<ReferenceCell>()
        forEachCell(in: nil) { x, y, _ in cells.insert(ReferenceCell(x: x.intValue!, y: y.intValue!)) }
        return cells
    }
}
