// Engine benchmarks (not tests): each case loads a pattern, advances it and reports wall time,
// node count, bytes per node and the process's peak resident memory. Median of --repeat runs.
//
//   swift run -c release HashlifeBenchmarks [--json] [--repeat N] [CASE ...]
//   swift run -c release HashlifeBenchmarks corpus      # ../shared HashLife folder to 2^20, checked
//   swift run -c release HashlifeBenchmarks metacell    # Macrocell loading of the Metacell files
//   swift run -c release HashlifeBenchmarks rle         # parsing a large RLE file (a 4096² soup)
//   swift run -c release HashlifeBenchmarks soups       # 512² and 2048² soups vs a bit-parallel baseline
//   swift run -c release HashlifeBenchmarks edit        # copy/paste, rotate, undo of metapixel-galaxy (EditBenchmark.swift)
//   swift run -c release HashlifeBenchmarks limit FILE GEN MB   # one run under --max-memory
//   swift run -c release HashlifeBenchmarks boards      # board store: storing metapixel-galaxy, listing 10,000
//   swift run -c release HashlifeBenchmarks pictures    # animate: 200 GIF frames of 400×400 (Pictures.swift)
//   swift run -c release HashlifeBenchmarks multistate FILE GEN [MB]   # a Generations/History/Super RLE to GEN (MultiStateRun.swift)
//   swift run -c release HashlifeBenchmarks app         # one frame of `hashlife play`, 200×60 onto the gun at 2^45 (AppRedraw.swift)
//
// Whole-process figures for `hashlife run` come from scripts/bench and scripts/bench-peer;
// docs/performance.md has both kinds.

#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import HashlifeAnalysis
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

struct BenchmarkCase {
    var name: String
    var pattern: String
    var generation: String
    /// Builds the starting universe (a shipped pattern, or a generated soup).
    var make: () -> Universe
}

let soupRule = Rule.life
let cases: [BenchmarkCase] = [
    BenchmarkCase(name: "gosper-10^100", pattern: "gosper-glider-gun.rle", generation: "10^100") { Fixtures.universe("gosper-glider-gun.rle") },
    BenchmarkCase(name: "gosper-2^1000", pattern: "gosper-glider-gun.rle", generation: "2^1000") { Fixtures.universe("gosper-glider-gun.rle") },
    BenchmarkCase(name: "r-pentomino-2^20", pattern: "r-pentomino.rle", generation: "2^20") { Fixtures.universe("r-pentomino.rle") },
    BenchmarkCase(name: "soup-256-4096", pattern: "random 256×256, density 0.375", generation: "4096") {
        Universe(rule: soupRule, referenceCells: randomSoup(width: 256, height: 256, density: 0.375, seed: 2026))
    },
    BenchmarkCase(name: "soup-1024-1024", pattern: "random 1024×1024, density 0.375", generation: "1024") {
        Universe(rule: soupRule, referenceCells: randomSoup(width: 1024, height: 1024, density: 0.375, seed: 2027))
    },
    BenchmarkCase(name: "soup-512-4096", pattern: "random 512×512, density 0.375", generation: "4096") {
        Universe(rule: soupRule, referenceCells: randomSoup(width: 512, height: 512, density: 0.375, seed: 2028))
    },
    BenchmarkCase(name: "soup-2048-4096", pattern: "random 2048×2048, density 0.375", generation: "4096") {
        Universe(rule: soupRule, referenceCells: randomSoup(width: 2048, height: 2048, density: 0.375, seed: 2029))
    },
    // Bounded grids: jumps on a torus's tiling, and the bitmap stepper (bgolly's figures for
    // the same soups come from scripts/bench-peer).
    BenchmarkCase(name: "torus-64-10^100", pattern: "random 64×64 on :T64,64", generation: "10^100") { gridSoup(":T64,64", 64, 64, seed: 2032) },
    BenchmarkCase(name: "torus-64-2^1000", pattern: "random 64×64 on :T64,64", generation: "2^1000") { gridSoup(":T64,64", 64, 64, seed: 2032) },
    BenchmarkCase(name: "torus-24-10^100", pattern: "random 24×24 on :T24,24", generation: "10^100") { gridSoup(":T24,24", 24, 24, seed: 2033) },
    BenchmarkCase(name: "plane-1000-1000", pattern: "random 1000×1000 on :P1000,1000", generation: "1000") {
        gridSoup(":P1000,1000", 1000, 1000, seed: 2030)
    },
    BenchmarkCase(name: "torus-1000-1000", pattern: "random 1000×1000 on :T1000,1000", generation: "1000") {
        gridSoup(":T1000,1000", 1000, 1000, seed: 2031)
    },
    BenchmarkCase(name: "torus-1000-2^20", pattern: "random 1000×1000 on :T1000,1000", generation: "2^20") {
        gridSoup(":T1000,1000", 1000, 1000, seed: 2031)
    },
]

/// A soup filling a `width` × `height` grid from its top-left (the cells `hashlife soup WxH
/// --rule B3/S23SUFFIX --seed N` writes, placed where Golly's reader puts them).
func gridSoup(_ suffix: String, _ width: Int, _ height: Int, seed: UInt64) -> Universe {
    let rule = try! Rule("B3/S23" + suffix)
    let cells = randomSoup(width: width, height: height, density: 0.375, seed: seed)
    return Universe(rule: rule, referenceCells: cells.map { ReferenceCell(x: $0.x - width / 2, y: $0.y - height / 2) })
}

/// Peak resident set size of this process in KiB (VmHWM), 0 when unknown.
func peakResidentKiB() -> Int {
    guard let bytes = try? FileIO.read("/proc/self/status") else { return 0 }
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }
    return 0
}

/// Runs every HashLife-folder file of the oracle to its 2^20 row in this process, one at a time,
/// checking each population against bgolly's. A wrong population is a failure (exit 1).
func runCorpus() {
    let rows = Oracle.entries("hashlife-folder.tsv")
    guard !rows.isEmpty else { print("skipping corpus: ../shared is absent"); return }
    var failures = 0
    print("file                                                         ms     nodes     result")
    for entry in rows {
        guard let (generation, population) = entry.populations.last, let path = Oracle.path(entry.file) else { continue }
        let clock = ContinuousClock()
        let start = clock.now
        let universe: Universe
        do {
            universe = try Universe(document: PatternCodec.decode(FileIO.read(path), fileName: entry.file).document)
        } catch {
            print("\(entry.file): \(error)"); failures += 1; continue
        }
        universe.step(by: generation - universe.generation)
        let got = universe.population
        let ms = (clock.now - start) / .milliseconds(1)
        let verdict = got == population ? "ok" : "WRONG: \(got), expected \(population)"
        if got != population { failures += 1 }
        let name = entry.file.count > 58 ? String(entry.file.suffix(58)) : entry.file
        print(name + String(repeating: " ", count: 60 - name.count) + format2(ms) + "  " + String(universe.statistics.nodes) + "  " + verdict)
    }
    if failures > 0 { print("\(failures) failure(s)"); exit(1) }
}

/// One pattern file to one generation under a memory limit, in this process alone, so the peak
/// resident memory is the run's own:  HashlifeBenchmarks limit FILE GEN MB [--json]
func runUnderLimit(_ arguments: [String]) {
    guard arguments.count >= 3, let megabytes = Int(arguments[2]), let target = try? BigUInt.parseCount(arguments[1]) else {
        print("usage: HashlifeBenchmarks limit FILE GEN MB [--json]"); exit(64)
    }
    let clock = ContinuousClock()
    let start = clock.now
    let universe: Universe
    do {
        universe = try Universe(document: PatternCodec.decode(FileIO.read(arguments[0]), fileName: arguments[0]).document,
                                memoryLimit: megabytes << 20)
    } catch {
        print("\(arguments[0]): \(error)"); exit(1)
    }
    do { try universe.step(by: target - universe.generation, control: nil) } catch { print("\(error)"); exit(1) }
    let population = universe.population
    let ms = (clock.now - start) / .milliseconds(1)
    let s = universe.statistics
    let gcMs = s.collectionTime / .milliseconds(1)
    if arguments.contains("--json") {
        print("{\"file\":\"\(arguments[0])\",\"limit_mb\":\(megabytes),\"ms\":\(ms),\"population\":\"\(population)\",\"peak_kib\":\(peakResidentKiB()),\"collections\":\(s.collections),\"evictions\":\(s.evictions),\"collection_ms\":\(gcMs)}")
    } else {
        print("\(arguments[0]) to \(arguments[1]) at \(megabytes) MB: \(format2(ms)) ms, population \(population), peak \(peakResidentKiB()) KiB, \(s.collections) collections (\(format2(gcMs)) ms), \(s.evictions) evictions, \(s.memoMisses) misses")
    }
}

/// Parses a large RLE text (by default a 4096×4096 soup at density 0.375, about 6.3 million
/// cells, written by our writer) and loads it into a universe; median of 5 of each.
func runRLEParsing(side: Int) {
    let soup = randomSoup(width: side, height: side, density: 0.375, seed: 2030)
    let text = RLEWriter.write(PatternDocument(cells: soup.map { PatternCell(x: $0.x, y: $0.y) }, rule: "B3/S23"))
    var parse: [Double] = [], load: [Double] = []
    var cells = 0
    for _ in 0..<5 {
        let clock = ContinuousClock()
        var start = clock.now
        let document = try! RLEReader.read(text)
        parse.append((clock.now - start) / .milliseconds(1))
        cells = document.cells.count
        start = clock.now
        let universe = try! Universe(document: document)
        _ = universe.population
        load.append((clock.now - start) / .milliseconds(1))
    }
    parse.sort(); load.sort()
    print("RLE of a \(side)² soup: \(text.utf8.count) bytes, \(cells) cells; parse median \(format2(parse[2])) ms, load into a universe \(format2(load[2])) ms")
}

/// Loads each Metacell file (gzip, Macrocell, straight into the store) and reports the time.
func runMetacellLoads() {
    let rows = Oracle.entries("hashlife-folder.tsv").filter { $0.file.contains("/Metacell/") }
    guard !rows.isEmpty else { print("skipping metacell: ../shared is absent"); return }
    for entry in rows {
        guard let path = Oracle.path(entry.file) else { continue }
        var times: [Double] = []
        var population = BigUInt.zero
        for _ in 0..<5 {
            let clock = ContinuousClock()
            let start = clock.now
            let universe = try! Universe(document: PatternCodec.decode(FileIO.read(path), fileName: entry.file).document)
            population = universe.population
            times.append((clock.now - start) / .milliseconds(1))
        }
        times.sort()
        print("load \(entry.file): median \(format2(times[2])) ms, population \(population)")
    }
}

/// Viewport queries: a 200×60 window onto the Gosper gun at 2^45 (over 10^12 live cells) at
/// several zooms, and a 1000×1000 text window at zoom 1 onto a dense soup. Median of 21.
func runViewports() {
    let gun = Fixtures.universe("gosper-glider-gun.rle")
    gun.step(by: BigUInt.powerOfTwo(45))
    let box = gun.boundingBox!
    let fitted = gun.fit(columns: 200, rows: 60)!
    let midX = box.x + BigInt(box.width >> 1), midY = box.y + BigInt(box.height >> 1)
    var cases: [(String, Universe, Viewport)] = [
        ("200x60 fit (zoom \(fitted.zoom))", gun, fitted),
        ("200x60 zoom 1 on the stream", gun, Viewport(x: midX - 100, y: midY - 30, columns: 200, rows: 60)),
        ("200x60 zoom 3 on the stream", gun, Viewport(x: midX - 300, y: midY - 90, columns: 200, rows: 60, zoom: 3)),
        ("200x60 zoom 1000 unaligned", gun, Viewport(x: midX - 100_001, y: midY - 30_007, columns: 200, rows: 60, zoom: 1000)),
        ("200x60 zoom 2^30 unaligned", gun, Viewport(x: midX - BigInt(BigUInt.powerOfTwo(37)) + 12345, y: midY - BigInt(BigUInt.powerOfTwo(35)), columns: 200, rows: 60, zoom: .powerOfTwo(30))),
    ]
    let soup = Universe(rule: .life, referenceCells: randomSoup(width: 1024, height: 1024, density: 0.375, seed: 99))
    soup.step(by: BigUInt(64))
    cases.append(("1000x1000 zoom 1 text, soup", soup, Viewport(x: 12, y: 12, columns: 1000, rows: 1000)))
    print("population of the gun at 2^45: \(gun.population)")
    for (name, universe, viewport) in cases {
        var times: [Double] = []
        var checksum = 0
        for _ in 0..<21 {
            let clock = ContinuousClock()
            let start = clock.now
            var text = ""
            text.reserveCapacity(viewport.columns + 1)
            universe.forEachBlockRow(of: viewport) { _, counts in
                text.removeAll(keepingCapacity: true)
                for count in counts { text.append(count.isZero ? "." : "#") }
                checksum &+= text.utf8.count
            }
            times.append((clock.now - start) / .milliseconds(1))
        }
        times.sort()
        print("viewport \(name): median \(format2(times[10])) ms (checksum \(checksum))")
    }
}

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "corpus" { runCorpus(); exit(0) }
if arguments.first == "rle" { runRLEParsing(side: arguments.dropFirst().first.flatMap { Int($0) } ?? 4096); exit(0) }
if arguments.first == "soups" { runSoupBaseline(repeats: 3); exit(0) }
if arguments.first == "limit" { runUnderLimit(Array(arguments.dropFirst())); exit(0) }
if arguments.first == "viewport" { runViewports(); exit(0) }
if arguments.first == "classify" { runClassify(); exit(0) }
if arguments.first == "metacell" { runMetacellLoads(); exit(0) }
if arguments.first == "edit" { runEdit(); exit(0) }
if arguments.first == "boards" { runBoards(); exit(0) }
if arguments.first == "pictures" { runPictures(); exit(0) }
if arguments.first == "app" { runAppRedraw(); exit(0) }
if arguments.first == "serve" { runServe(); exit(0) }
if arguments.first == "multistate" { runMultiState(Array(arguments.dropFirst())); exit(0) }
let json = arguments.contains("--json")
arguments.removeAll { $0 == "--json" }
var repeats = 5
if let i = arguments.firstIndex(of: "--repeat"), i + 1 < arguments.count, let n = Int(arguments[i + 1]) {
    repeats = max(1, n)
    arguments.removeSubrange(i...(i + 1))
}
let selected = arguments.isEmpty ? cases : cases.filter { arguments.contains($0.name) }
if selected.isEmpty {
    print("unknown case; cases: " + cases.map(\.name).joined(separator: ", "))
    exit(64)
}
#if DEBUG
print("warning: debug build; run with -c release for meaningful figures")
#endif

var rows: [String] = []
if !json { print("case                 generation   median ms   population                  nodes      B/node  cache KiB  peak KiB") }
for benchmark in selected {
    let target = try! BigUInt.parseCount(benchmark.generation)
    var times: [Double] = []
    var last: Universe?
    for _ in 0..<repeats {
        let universe = benchmark.make()
        let clock = ContinuousClock()
        let start = clock.now
        universe.step(by: target)
        _ = universe.population
        times.append((clock.now - start) / .milliseconds(1))
        last = universe
    }
    times.sort()
    let median = times[times.count / 2]
    let universe = last!
    let stats = universe.statistics
    let population = universe.population.description
    // Bytes per live node: the arena, the index and the small arrays; the caches (populations
    // asked for, deep partial results) are shown apart, since queries fill them and
    // collections empty them.
    let perNode = stats.nodes > 0 ? Double(stats.bytes - stats.cacheBytes) / Double(stats.nodes) : 0
    if json {
        rows.append("{\"case\":\"\(benchmark.name)\",\"generation\":\"\(benchmark.generation)\",\"median_ms\":\(median),\"population\":\"\(population)\",\"nodes\":\(stats.nodes),\"bytes\":\(stats.bytes),\"cache_bytes\":\(stats.cacheBytes),\"bytes_per_node\":\(format2(perNode)),\"peak_kib\":\(peakResidentKiB())}")
    } else {
        let shortPopulation = population.count > 24 ? String(population.prefix(10)) + "…(\(population.count) digits)" : population
        func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
        print(pad(benchmark.name, 21) + pad(benchmark.generation, 13) + pad(String(format2(median)), 12)
              + pad(shortPopulation, 28) + pad(String(stats.nodes), 11) + pad(format(perNode, decimals: 1), 8)
              + pad(String(stats.cacheBytes / 1024), 11) + String(peakResidentKiB()))
    }
}
if json { print("[" + rows.joined(separator: ",") + "]") }

/// `x` (≥ 0) with `decimals` digits after the point.
func format(_ x: Double, decimals: Int) -> String {
    var unit = 1
    for _ in 0..<decimals { unit *= 10 }
    let scaled = Int((x * Double(unit)).rounded())
    let fraction = String(scaled % unit)
    return "\(scaled / unit)." + String(repeating: "0", count: decimals - fraction.count) + fraction
}

func format2(_ x: Double) -> String { format(x, decimals: 2) }

/// `classify`: the convergence detector on the R-pentomino, acorn and a period-6072 oscillator
/// (the p138 and queen-bee-turn p88 from ../shared's Golly oscillators, side by side), median of 5.
func runClassify() {
    func load(_ path: String) -> Universe? {
        guard let bytes = try? FileIO.read(path), let decoded = try? PatternCodec.decode(bytes, fileName: path) else { return nil }
        return try? Universe(document: decoded.document)
    }
    var subjects: [(String, () -> Universe)] = [
        ("r-pentomino", { Fixtures.universe("r-pentomino.rle") }),
        ("acorn", { Fixtures.universe("acorn.rle") }),
    ]
    let folder = (Fixtures.shared ?? "/nonexistent") + "/corpus/golly/Life/Oscillators/"
    if let a = load(folder + "p138.rle"), let b = load(folder + "queen-bee-turn.rle") {
        var cells: [(x: Int, y: Int)] = []
        a.forEachLiveCell { x, y in cells.append((x.intValue!, y.intValue!)) }
        b.forEachLiveCell { x, y in cells.append((x.intValue! + 1000, y.intValue!)) }
        subjects.append(("p138+p88 (period 6072)", {
            let u = Universe(rule: .life)
            u.load(cells: cells)
            return u
        }))
    } else {
        print("classify: skipping the period-6072 oscillator (../shared/corpus/golly/Life/Oscillators absent)")
    }
    for (name, make) in subjects {
        var times: [Double] = []
        var summary = ""
        for _ in 0..<5 {
            let universe = make()
            let clock = ContinuousClock()
            let start = clock.now
            let result = classify(universe, maxGeneration: 1_000_000)
            times.append((clock.now - start) / .milliseconds(1))
            summary = result.verdict.summary
        }
        times.sort()
        print("classify \(name): median \(format2(times[2])) ms: \(summary)")
    }
}
