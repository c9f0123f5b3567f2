import Testing
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Every shipped pattern loads and does what its machine-readable comment lines say:
/// `#C period: P`, `#C displacement: DX,DY`, `#C fate: dies at N`,
/// `#C fate: stabilises at G with P cells`.
@Suite struct PatternLibraryTests {
    static let names: [String] = {
        guard let folder = opendir(Fixtures.repositoryRoot + "/patterns") else { return [] }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            if name.hasSuffix(".rle") { names.append(name) }
        }
        return names.sorted()
    }()

    @Test func theLibraryHasAtLeastTwentyPatterns() {
        #expect(Self.names.count >= 20)
        for required in ["glider.rle", "lwss.rle", "mwss.rle", "hwss.rle", "blinker.rle", "toad.rle", "beacon.rle",
                         "pulsar.rle", "pentadecathlon.rle", "block.rle", "beehive.rle", "loaf.rle", "boat.rle",
                         "tub.rle", "gosper-glider-gun.rle", "simkin-glider-gun.rle", "r-pentomino.rle", "acorn.rle",
                         "diehard.rle", "switch-engine.rle"] {
            #expect(Self.names.contains(required), "missing \(required)")
        }
    }

    /// The value after `#C key: ` in a document's comments.
    static func fact(_ key: String, in document: PatternDocument) -> String? {
        document.comments.first { $0.hasPrefix(key + ": ") }.map { String($0.dropFirst(key.count + 2)) }
    }

    static func cells(_ universe: Universe) -> Set<ReferenceCell> { universe.referenceCells }

    @Test(arguments: names)
    func behavesAsItsCommentsSay(_ name: String) throws {
        let document = Fixtures.document(name)
        #expect(document.name != nil && document.author != nil, "\(name) needs #N and #O lines")
        #expect(!document.comments.isEmpty, "\(name) needs #C lines")
        var checked = false
        if let periodText = Self.fact("period", in: document) {
            let period = try #require(Int(periodText), "\(name): bad period")
            let displacement = Self.fact("displacement", in: document).map { $0.split(separator: ",").compactMap { Int($0) } } ?? [0, 0]
            let universe = try Universe(document: document)
            let start = Self.cells(universe)
            var phases: [Set<ReferenceCell>] = [start]
            for _ in 0..<period {
                universe.step()
                phases.append(Self.cells(universe))
            }
            let shifted = Set(start.map { ReferenceCell(x: $0.x + displacement[0], y: $0.y + displacement[1]) })
            if phases[period] == shifted {
                // Minimal: no earlier phase is the starting shape anywhere.
                let shape = Self.normalised(start)
                for q in 1..<max(period, 1) {
                    #expect(Self.normalised(phases[q]) != shape, "\(name) repeats already at generation \(q)")
                }
            } else {
                // Guns and puffers: the same growth every period once under way.
                let text = (name + " " + document.comments.joined(separator: " ")).lowercased()
                #expect(text.contains("gun") || text.contains("puffer"), "\(name) does not repeat after \(period) generations")
                let grower = try Universe(document: document)
                grower.step(by: BigUInt(10 * period))
                let p10 = grower.population
                grower.step(by: BigUInt(period))
                let p11 = grower.population
                grower.step(by: BigUInt(period))
                let p12 = grower.population
                #expect(p11 > p10 && p12 - p11 == p11 - p10, "\(name) does not grow steadily per period")
            }
            checked = true
        }
        if let fate = Self.fact("fate", in: document) {
            let words = fate.split(separator: " ")
            let universe = try Universe(document: document)
            if fate.hasPrefix("dies at "), let generation = Int(words[2]) {
                universe.step(by: BigUInt(generation - 1))
                #expect(universe.population > .zero, "\(name) dies before \(generation)")
                universe.step()
                #expect(universe.population == .zero, "\(name) is still alive at \(generation)")
            } else if fate.hasPrefix("stabilises at "), words.count >= 5, let generation = Int(words[2]), let population = Int(words[4]) {
                universe.step(by: BigUInt(generation))
                #expect(universe.population == BigUInt(population), "\(name) at \(generation)")
                universe.step(by: BigUInt(6))
                #expect(universe.population == BigUInt(population), "\(name) is not stable after \(generation)")
            } else {
                Issue.record("\(name): unreadable fate line '\(fate)'")
            }
            checked = true
        }
        #expect(checked, "\(name) states no period or fate")
    }

    static func normalised(_ cells: Set<ReferenceCell>) -> Set<ReferenceCell> {
        guard let minX = cells.map(\.x).min(), let minY = cells.map(\.y).min() else { return [] }
        return Set(cells.map { ReferenceCell(x: $0.x - minX, y: $0.y - minY) })
    }
}
