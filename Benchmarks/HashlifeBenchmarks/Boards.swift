// `HashlifeBenchmarks boards`: the board store's costs, against their goals:
//   - storing Golly's metapixel-galaxy as a new board, and storing it again after a step,
//     beyond the computation (goal: under 100 ms);
//   - listing 10,000 boards (goal: under 100 ms).
// Median of 5, in a temporary store.

#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import HashlifeBoards
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

func runBoards() {
    let folder = "/tmp/hashlife-bench-boards-\(getpid())"
    let path = folder + "/boards.sqlite"
    defer {
        for name in ["boards.sqlite", "boards.sqlite-wal", "boards.sqlite-shm"] { unlink(folder + "/" + name) }
        rmdir(folder)
    }
    let repository = try! SQLiteBoardRepository(path: path)
    let service = BoardService(repository: repository)
    func median(_ body: () -> Void) -> Double {
        var times: [Double] = []
        for _ in 0..<5 {
            let clock = ContinuousClock()
            let start = clock.now
            body()
            times.append((clock.now - start) / .milliseconds(1))
        }
        return times.sorted()[2]
    }

    let galaxyFile = "HashLife/Metacell/metapixel-galaxy.mc.gz"
    if let galaxyPath = Oracle.path(galaxyFile), let bytes = try? FileIO.read(galaxyPath) {
        let universe = try! Universe(document: PatternCodec.decode(bytes, fileName: galaxyFile).document)
        let stateBytes = try! PatternCodec.encode(universe, as: .macrocell, compressed: true).count
        var id = ""
        let create = median { id = try! service.create(universe: universe, name: "metapixel-galaxy").id.text }
        universe.step(by: 1024)
        let save = median { _ = try! service.save(universe, to: id) }
        print("store metapixel-galaxy (population \(universe.population), state \(stateBytes / 1024) KiB compressed): new board \(format2(create)) ms, save after 1024 generations \(format2(save)) ms (target < 100)")
    } else {
        print("skipping metapixel-galaxy: ../shared is absent")
    }

    let glider = try! Universe(document: PatternCodec.decode(FileIO.read(Fixtures.pattern("glider.rle"))).document)
    let state = try! PatternCodec.encode(glider, as: .macrocell, compressed: true)
    let now = BoardService.wallClock()
    let many = (0..<10_000).map { i in
        (board: Board(id: .random(), name: "glider \(i)", rule: "B3/S23", created: now, updated: now, author: nil, comments: [],
                      origin: state, state: state, generation: 0, population: 5, bounds: glider.boundingBox, verdict: nil),
         history: [PopulationSample(generation: 0, population: 5)])
    }
    try! repository.insert(contentsOf: many)
    var count = 0
    let list = median { count = try! service.list().count }
    let resolve = median { _ = try! service.resolve(many[4321].board.id.short) }
    print("list \(count) boards: \(format2(list)) ms (target < 100); resolve an 8-digit prefix among them: \(format(resolve, decimals: 3)) ms")
}
