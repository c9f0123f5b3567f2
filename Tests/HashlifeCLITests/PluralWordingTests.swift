import Foundation
import Testing
@testable import HashlifeCLI
import HashlifeInterface
import HashlifeTestSupport

/// A count of one with a plural noun ("1 cells", "within 1 generations") in `text`, if any.
private func oneWithAPlural(_ text: String) -> Substring? {
    text.firstMatch(of: #/(?:^|[^0-9.,^])1 (cells|generations|objects|gliders|soups|nodes|samples|rows|numbers|bytes)\b/#)?.output.0
}

/// The command line's messages with counts of one: singular nouns.
@Suite struct PluralWordingTests {
    @Test func aLookAheadOfOneGeneration() {
        let classify = hashlife("classify", Fixtures.pattern("r-pentomino.rle"), "--max-gen", "1")
        #expect(classify.status == 2 && classify.err.contains("no verdict within 1 generation (try"), "\(classify.err)")
        let identify = hashlife("identify", Fixtures.pattern("r-pentomino.rle"), "--max-period", "1")
        #expect(identify.status == 2 && identify.err.contains("no repeat within 1 generation (try"), "\(identify.err)")
        let objects = hashlife("identify", Fixtures.pattern("gosper-glider-gun.rle"), "--objects", "--max-period", "1")
        #expect(objects.out.contains("not periodic within 1 generation ("), "\(objects.out)")
        let block = hashlife("identify", Fixtures.pattern("block.rle"), "--objects")
        #expect(block.out.contains("\n1 object at generation 0:\n"), "\(block.out)")
        for text in [classify.err, identify.err, objects.out, block.out] {
            #expect(oneWithAPlural(text) == nil, "\(text)")
        }
    }

    @Test func fileErrorsAndDescriptions() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A Macrocell node line with one number, and one naming a node not yet defined.
        for (body, expected) in [("1\n", "(found 1 number)"), ("4 1 1 1 1\n", "(0 nodes so far)"), ("$$*$\n4 1 2 1 1\n", "(1 node so far)")] {
            let path = folder.appendingPathComponent("bad.mc").path
            try "[M2] (hashlife)\n#R B3/S23\n\(body)".write(toFile: path, atomically: true, encoding: .utf8)
            let result = hashlife("info", path)
            #expect(result.status != 0 && result.err.contains(expected), "\(body): \(result.err)")
            #expect(oneWithAPlural(result.err) == nil, "\(result.err)")
        }
        #expect(ObjectDescription.cells(1) == "1 cell" && ObjectDescription.cells(0) == "0 cells")
    }
}
