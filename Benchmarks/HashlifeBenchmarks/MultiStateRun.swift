// MultiStateRun.swift — `multistate FILE GEN [MB]`: a multi-state RLE (Generations, History,
// Super) loaded, stepped to GEN by `step(by:)` and its population printed, timed whole, so that
// the process compares with `bgolly -a Generations|Super -m GEN -i GEN -M MB FILE`.

#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import HashlifeEngine
import HashlifeFormats

/// Loads FILE, steps it to GEN under MB megabytes (default: the engine's default limit) and
/// prints the population, the time, the node count and the peak resident memory.
func runMultiState(_ arguments: [String]) {
    guard arguments.count >= 2, let target = try? BigUInt.parseCount(arguments[1]) else {
        print("usage: HashlifeBenchmarks multistate FILE GEN [MB]"); exit(64)
    }
    let limit = arguments.count >= 3 ? (Int(arguments[2]) ?? 0) << 20 : MemoryLimit.defaultBytes
    let clock = ContinuousClock()
    let start = clock.now
    let universe: MultiStateUniverse
    do {
        universe = MultiStateUniverse(pattern: try MultiStateRLE.read(bytes: FileIO.read(arguments[0])), memoryLimit: limit)
    } catch {
        print("\(arguments[0]): \(error)"); exit(1)
    }
    universe.step(by: target)
    let population = universe.population
    let ms = (clock.now - start) / .milliseconds(1)
    let s = universe.statistics
    print("\(arguments[0]) to \(arguments[1]): population \(population), \(format2(ms)) ms, \(s.nodes) nodes, \(s.collections) collections, peak \(peakResidentKiB()) KiB")
}
