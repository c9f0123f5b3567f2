import Foundation
import Testing
@testable import HashlifeCLI
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A file cut short loads, with a warning on standard error.
@Suite struct CutShortFileCommandTests {
    /// Six rows of a nine-row header (two blocks, rows 0-1 and 4-5), the last line ending
    /// without '!'.
    static let cut = "#N Cut short\nx = 2, y = 9, rule = B3/S23\n2o$2o$$$\n2o$2o\n"

    @Test func aTruncatedRLERunsWithAWarningNamingFileLineAndWhatIsMissing() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("cut.rle").path
        try CutShortFileCommandTests.cut.write(toFile: path, atomically: true, encoding: .utf8)
        let warning = "warning: \(path):4: the file may be cut short: header says 9 rows, found 6, no '!'\n"
        let run = hashlife("run", path, "--gen", "4")
        #expect(run.status == 0 && run.out == "4: 8\n", "\(run)")
        #expect(run.err == warning)
        // Every command that reads the file says so, once.
        let info = hashlife("info", path)
        #expect(info.status == 0 && info.err == warning, "\(info.err)")
        let converted = folder.appendingPathComponent("whole.rle").path
        let convert = hashlife("convert", path, converted)
        #expect(convert.status == 0 && convert.err == warning, "\(convert.err)")
        // The converted file is whole: it loads without a warning.
        let again = hashlife("run", converted, "--gen", "4")
        #expect(again.status == 0 && again.out == "4: 8\n" && again.err.isEmpty, "\(again)")
        // Under a multi-state rule too.
        let history = hashlife("run", path, "--gen", "4", "--rule", "LifeHistory")
        #expect(history.status == 0 && history.err == warning, "\(history.err)")
    }

    @Test func aGzipStreamCutInsideItsHeaderSaysItIsTruncatedAndWhere() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("g.rle.gz").path
        let whole = Gzip.compress(Array(CutShortFileCommandTests.cut.utf8))
        try Data(whole.prefix(10)).write(to: URL(fileURLWithPath: path))
        let result = hashlife("run", path, "--gen", "1")
        #expect(result.status == 1)
        #expect(result.err == "hashlife: \(path): truncated gzip data at byte 10\n", "\(result.err)")
    }
}
