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

/// Every symmetry apgsearch searches, against the soups lifelib's `hashsoup` made, and each
/// soup against the symmetry it is named after.
@Suite struct SymmetricSoupTests {
    /// The cells of an RLE body (`b`/`.` dead, `o`/`A` alive, `$` new row, `!` end).
    static func cells(ofRLEBody body: String) -> Set<ReferenceCell> {
        var cells = Set<ReferenceCell>()
        var (x, y, count) = (0, 0, 0)
        for character in body {
            if let digit = character.wholeNumberValue {
                count = count * 10 + digit
                continue
            }
            let run = max(count, 1)
            count = 0
            switch character {
            case "b", ".": x += run
            case "$": (x, y) = (0, y + run)
            case "!": return cells
            default:
                for dx in 0..<run { cells.insert(ReferenceCell(x: x + dx, y: y)) }
                x += run
            }
        }
        return cells
    }

    /// `cells` moved so that their bounding box starts at (0, 0).
    static func normalised(_ cells: some Collection<ReferenceCell>) -> Set<ReferenceCell> {
        guard let minX = cells.map(\.x).min(), let minY = cells.map(\.y).min() else { return [] }
        return Set(cells.map { ReferenceCell(x: $0.x - minX, y: $0.y - minY) })
    }

    @Test(.enabled(if: Fixtures.shared != nil, "needs ../shared/census (soups made by lifelib's hashsoup)"))
    func everyReferenceSoupOfEverySymmetry() throws {
        let text = try String(contentsOfFile: Fixtures.shared! + "/census/soups-symmetries-visible.tsv", encoding: .utf8)
        var seen: [SoupSymmetry: Int] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t").map(String.init)
            try #require(fields.count == 3, "\(line)")
            let symmetry = try #require(SoupSymmetry(rawValue: fields[0]), "unknown symmetry \(fields[0])")
            let ours = HashedSoup.cells(id: fields[1], symmetry: symmetry).map { ReferenceCell(x: $0.x, y: $0.y) }
            #expect(Self.normalised(ours) == Self.cells(ofRLEBody: fields[2]), "\(fields[0]) \(fields[1])")
            seen[symmetry, default: 0] += 1
        }
        #expect(Set(seen.keys) == Set(SoupSymmetry.allCases))
        #expect(seen.values.allSatisfy { $0 == 3 })
    }

    /// The maps of the rectangle `width`×`height` onto itself that `symmetry`'s soups are
    /// unchanged by.
    static func invariances(_ symmetry: SoupSymmetry, width w: Int, height h: Int) -> [(Int, Int) -> (Int, Int)] {
        let turn: (Int, Int) -> (Int, Int) = { x, y in (w - 1 - x, h - 1 - y) }
        let quarter: (Int, Int) -> (Int, Int) = { x, y in (h - 1 - y, x) }
        let upsideDown: (Int, Int) -> (Int, Int) = { x, y in (x, h - 1 - y) }
        let leftToRight: (Int, Int) -> (Int, Int) = { x, y in (w - 1 - x, y) }
        let diagonal: (Int, Int) -> (Int, Int) = { x, y in (y, x) }
        let antiDiagonal: (Int, Int) -> (Int, Int) = { x, y in (h - 1 - y, w - 1 - x) }
        switch symmetry {
        case .c1, .strip1x256, .strip2x128, .strip4x64, .strip8x32: return []
        case .c2_1, .c2_2, .c2_4: return [turn]
        case .c4_1, .c4_4: return [turn, quarter]
        case .d2Plus1, .d2Plus2: return [upsideDown]
        case .d2Diagonal: return [antiDiagonal]
        case .d4Plus1, .d4Plus2, .d4Plus4: return [upsideDown, leftToRight, turn]
        case .d4Diagonal1, .d4Diagonal4: return [diagonal, antiDiagonal, turn]
        case .d8_1, .d8_4: return [turn, quarter, upsideDown, leftToRight, diagonal, antiDiagonal]
        }
    }

    @Test(arguments: SoupSymmetry.allCases)
    func soupsHaveTheirSymmetryAndFillTheirRectangle(_ symmetry: SoupSymmetry) {
        let (w, h) = symmetry.size
        for index in 0..<20 {
            let id = "k_symmetrytest\(index)"
            let cells = HashedSoup.cells(id: id, symmetry: symmetry)
            #expect(cells.allSatisfy { (0..<w).contains($0.x) && (0..<h).contains($0.y) }, "\(symmetry.rawValue) \(id)")
            let set = Set(cells.map { ReferenceCell(x: $0.x, y: $0.y) })
            #expect(set.count == cells.count, "\(symmetry.rawValue) \(id): a cell twice")
            for (k, map) in Self.invariances(symmetry, width: w, height: h).enumerated() {
                #expect(Set(set.map { let (x, y) = map($0.x, $0.y); return ReferenceCell(x: x, y: y) }) == set, "\(symmetry.rawValue) \(id): invariance \(k)")
            }
            let rows = HashedSoup.rows(id: id, symmetry: symmetry)
            #expect(rows.count == h && rows.allSatisfy { $0.count == w })
            #expect(rows.joined().filter { $0 }.count == cells.count)
        }
    }

    @Test func namesAreApgsearchsAndListedInOrder() {
        #expect(SoupSymmetry.names == "C1, 1x256, 2x128, 4x64, 8x32, C2_1, C2_2, C2_4, C4_1, C4_4, D2_+1, D2_+2, D2_x, D4_+1, D4_+2, D4_+4, D4_x1, D4_x4, D8_1, D8_4")
        #expect(SoupSymmetry(rawValue: "d8_1") == nil)
    }

    @Test func stripsAreTheDigestsBytesLastByteLeftmost() {
        let id = "k_visiblesym010"
        let digest = SHA256.digest(id)
        let row = HashedSoup.rows(id: id, symmetry: .strip1x256)[0]
        // The leftmost eight cells are the digest's last byte, least significant bit leftmost.
        #expect((0..<8).map { row[$0] } == (0..<8).map { digest[31] >> UInt8($0) & 1 == 1 })
        #expect((248..<256).map { row[$0] } == (0..<8).map { digest[0] >> UInt8($0) & 1 == 1 })
    }
}
