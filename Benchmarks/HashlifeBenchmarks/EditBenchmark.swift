// `edit`: the region operations and undo by saved states, on Golly's metapixel-galaxy
// (7.4·10^6 cells, a Metacell pattern), the two other Metacell files, and a 1024² soup.
//
//   copy+paste   the bounding box copied and pasted 10^30 + 12345 cells away (unaligned)
//   rotate       the bounding box turned clockwise in place
//   undo         restoring the state saved before the operation
//   toggles      10,000 random toggles, each followed by saving a state (an undo entry), then
//                every state restored newest first (undo of all); the store's growth per entry
//
// Each figure is the median of 5 (the first, cold run is shown apart: later runs find most
// nodes already made). Goals: each operation under 100 ms, the 10,000 toggles with their
// undo under 1 s.

#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

func runEdit() {
    #if DEBUG
    print("warning: debug build; run with -c release for meaningful figures")
    #endif
    // The galaxy is the main case; the other two Metacell files are bigger trees.
    for name in ["metapixel-galaxy", "metapixel-p216-gun", "metapixel-parity64"] {
        guard let path = Oracle.path("HashLife/Metacell/\(name).mc.gz"), let bytes = try? FileIO.read(path),
              let decoded = try? PatternCodec.decode(bytes, fileName: path), let universe = try? Universe(document: decoded.document) else {
            print("edit: skipping \(name) (../shared/corpus/golly/HashLife/Metacell absent)")
            continue
        }
        editRegions(universe, name: name)
        editToggles(universe, name: name)
    }
    let soup = Universe(rule: .life, referenceCells: randomSoup(width: 1024, height: 1024, density: 0.375, seed: 2031))
    editRegions(soup, name: "soup 1024²")
    editToggles(soup, name: "soup 1024²")
}

/// Milliseconds `body` takes.
private func milliseconds(_ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    body()
    return (clock.now - start) / .milliseconds(1)
}

private func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// Copy+paste far away, rotate in place, and undo of each, checked by population.
private func editRegions(_ universe: Universe, name: String) {
    let box = universe.boundingBox!
    let population = universe.population
    let far = BigInt(BigUInt.power(10, 30)) + 12345
    let before = universe.saveState()
    var paste: [Double] = [], rotate: [Double] = [], undo: [Double] = []
    for _ in 0..<5 {
        paste.append(milliseconds {
            let clip = universe.clip(of: box)
            universe.paste(clip, x: box.x + far, y: box.y - far, mode: .or)
        })
        precondition(universe.population == population + population, "copy+paste lost cells")
        undo.append(milliseconds { universe.restore(before) })
        rotate.append(milliseconds { universe.transform(box, .rotateClockwise) })
        precondition(universe.population == population, "rotation lost cells")
        precondition(universe.boundingBox!.width == box.height, "rotation did not turn the box")
        undo.append(milliseconds { universe.restore(before) })
    }
    precondition(universe.population == population)
    let nodes = universe.treeNodeCount
    print("edit \(name) (\(population) cells, \(nodes) distinct nodes, box \(box.width)×\(box.height)):")
    print("  copy+paste 10^30 away: median \(format2(median(paste))) ms (first \(format2(paste[0])) ms)")
    print("  rotate clockwise:      median \(format2(median(rotate))) ms (first \(format2(rotate[0])) ms)")
    print("  undo (restore):        median \(format(median(undo) * 1000, decimals: 1)) µs")
}

/// 10,000 toggles each saved as an undo entry, then all undone; the store's growth per entry.
private func editToggles(_ universe: Universe, name: String) {
    let box = universe.boundingBox!
    let (width, height) = (box.width.intValue!, box.height.intValue!)
    var rng = SplitMix64(seed: 2032)
    let first = universe.saveState()
    let population = universe.population
    let bytesBefore = universe.statistics.bytes
    var history: [UniverseState] = []
    history.reserveCapacity(10_000)
    let toggling = milliseconds {
        for _ in 0..<10_000 {
            universe.toggleCell(x: box.x + BigInt(rng.below(width)), y: box.y + BigInt(rng.below(height)))
            history.append(universe.saveState())
        }
    }
    let bytesAfter = universe.statistics.bytes
    let undoing = milliseconds {
        for state in history.reversed() { universe.restore(state) }
        universe.restore(first)
    }
    precondition(universe.population == population && universe.saveState() == first, "undo of all did not return to the start")
    let perEntry = Double(bytesAfter - bytesBefore) / 10_000
    print("  10,000 toggles with a saved state each: \(format2(toggling)) ms; undo of all: \(format2(undoing)) ms; "
          + "total \(format2(toggling + undoing)) ms; store growth \(Int(perEntry.rounded())) bytes per entry")
}
