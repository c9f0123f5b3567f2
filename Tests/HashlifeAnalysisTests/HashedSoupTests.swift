import Foundation
import Testing
import HashlifeAnalysis
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

/// SHA-256 against the published test vectors, and at the padding boundaries.
@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
        ("The quick brown fox jumps over the lazy dog", "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592"),
    ])
    func publishedVectors(message: String, digest: String) {
        #expect(SHA256.hexDigest(Array(message.utf8)) == digest)
    }

    @Test func aMillionAs() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(SHA256.hexDigest(message) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func digestsAre32BytesAtEveryPaddingBoundary() {
        // 55, 56, 63, 64 and 65 bytes cross the one-block and two-block paddings; each length
        // gives a different digest of the same 32 bytes.
        let digests = [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 128].map { SHA256.digest([UInt8](repeating: 0x61, count: $0)) }
        #expect(digests.allSatisfy { $0.count == 32 })
        #expect(Set(digests).count == digests.count)
        #expect(SHA256.digest("abc") == SHA256.digest(Array("abc".utf8)))
    }
}

/// apgsearch's census soups, against the soups its own library made.
@Suite struct HashedSoupTests {
    /// Rows of `soups-k_visible0001.tsv`: id, RLE, SHA-256, population.
    static func referenceSoups(_ shared: String) throws -> [(id: String, rle: String, sha256: String, population: Int)] {
        let text = try String(contentsOfFile: shared + "/census/soups-k_visible0001.tsv", encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t").map(String.init)
            return (fields[0], fields[1], fields[2], Int(fields[3])!)
        }
    }

    @Test(.enabled(if: Fixtures.shared != nil, "needs ../shared/census (apgsearch's reference soups)"))
    func everyReferenceSoupBitForBit() throws {
        let soups = try Self.referenceSoups(Fixtures.shared!)
        #expect(soups.count >= 10)
        for soup in soups {
            #expect(SHA256.hexDigest(Array(soup.id.utf8)) == soup.sha256, "\(soup.id)")
            let expected = try Universe(document: RLEReader.read("x = 16, y = 16, rule = B3/S23\n" + soup.rle)).referenceCells
            let cells = HashedSoup.cells(id: soup.id)
            #expect(Set(cells.map { ReferenceCell(x: $0.x, y: $0.y) }) == expected, "\(soup.id)")
            #expect(cells.count == soup.population, "\(soup.id)")
        }
    }

    @Test func rowsAreTheCellsAndStayInside16By16() {
        let id = "k_visible00010"
        let cells = HashedSoup.cells(id: id)
        #expect(cells.allSatisfy { (0..<16).contains($0.x) && (0..<16).contains($0.y) })
        let rows = HashedSoup.rows(id: id)
        #expect(rows.count == 16 && rows.allSatisfy { $0.count == 16 })
        #expect(rows.joined().filter { $0 }.count == cells.count)
        for cell in cells { #expect(rows[cell.y][cell.x]) }
        // The first row's first eight cells are the second byte of the digest, low bit leftmost.
        let byte = SHA256.digest(id)[1]
        #expect((0..<8).map { rows[0][$0] } == (0..<8).map { byte >> UInt8($0) & 1 == 1 })
    }
}
