import Foundation
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Scratch folders for tests, each inside one folder of the test process's own
/// (`$TMPDIR/hashlife-tests-XXXXXX`), which is removed with everything in it when the process
/// exits, so a run of the tests leaves nothing behind in the temporary folder. (A process
/// that crashes leaves its folder, for a look at what the failing test wrote.)
public enum ScratchFolder {
    /// A new, empty folder whose name starts with `prefix`.
    public static func make(_ prefix: String) -> String {
        makeFolder(root + "/" + prefix)
    }

    /// The process's folder, made on first use; removed at exit.
    public static let root: String = {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        let path = makeFolder(base + "/hashlife-tests")
        atexit { ScratchFolder.removeRoot() }
        return path
    }()

    /// A new folder named `stem` and six random characters (`mkdtemp`).
    private static func makeFolder(_ stem: String) -> String {
        var template = Array((stem + "-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard let made else { fatalError("cannot make a scratch folder \(stem)-XXXXXX: errno \(errno)") }
        return String(cString: made)
    }

    /// Removes the process's folder and everything in it.
    private static func removeRoot() {
        try? FileManager.default.removeItem(atPath: root)
    }
}
