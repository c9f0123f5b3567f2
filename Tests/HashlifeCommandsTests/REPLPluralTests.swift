import Foundation
import Testing
import HashlifeEditing
import HashlifeTestSupport

/// The command language's answers about one cell, one sample, one generation: singular nouns.
@Suite struct REPLPluralTests {
    @Test func countsOfOneAreSingular() throws {
        let path = try temporaryDirectory() + "/one-cell.rle"
        try "x = 1, y = 1, rule = B3/S23\no!\n".write(toFile: path, atomically: true, encoding: .utf8)
        let output = transcript(["load \(path)", "plot", "step", "history", "undo",
                                 "rule B3/S23:T24,24", "set 11 11", "grid 10 10"], columns: 20, rows: 10)
        #expect(output.contains(": 1 cell, rule B3/S23, generation 0\n"), "\(output)")
        #expect(output.contains("1 sample: generation 0 to 0"), "\(output)")
        #expect(output.contains("step of 1 generation"), "\(output)")
        #expect(output.contains("warning: 1 cell off the new grid dropped"), "\(output)")
        #expect(output.firstMatch(of: #/(?:^|[^0-9.,^])1 (cells|generations|samples|nodes)\b/#) == nil, "\(output)")
    }
}
