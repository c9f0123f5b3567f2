// swift-tools-version: 6.0
import PackageDescription

// Layers, dependencies pointing one way (each module lists exactly what it imports):
//   HashlifeEngine (stdlib only, and CPrefetch, a header-only prefetch hint, and CLifeKernels,
//     header-only vector kernels the engine uses when the processor has them)
//   ← HashlifeFormats (+ the system zlib), HashlifeAnalysis, HashlifeRendering (+ zlib), HashlifeSupport
//   ← HashlifeSession (engine, formats, and HashlifePatterns: the shipped patterns/ compiled in),
//     HashlifeBoards (engine, formats, analysis, support, + the system SQLite: the board store and service)
//   ← HashlifeREPL (session, boards, support, rendering, analysis, and HashlifeTerminal: keys, line editor),
//     HashlifeApp (the same, without the REPL: `hashlife play`, the full-screen app)
//   ← HashlifeCLI ← hashlife (executable)
// HashlifeTestSupport holds the naive reference engine and soup generators shared by tests
// and benchmarks.
//
// No target carries unsafe flags, so the engine and formats libraries can be versioned
// dependencies of other packages. The engine pays no dynamic exclusivity checks where it
// works: the node store is a non-copyable struct whose methods (stepping, hash-consing,
// populations) take it `inout`, and the one class property that holds it, `Universe.store`,
// is `@exclusivity(unchecked)` in release builds. Debug builds keep every check, and
// `HASHLIFE_INVARIANTS` (set in debug) runs
// the store's structural self-checks after the universe's collections and region operations
// (`Universe.checkInvariants`), and bounds and liveness checks on every read of the arena
// (`NodeArena`'s accessors).
let engineSettings: [SwiftSetting] = [
    .define("HASHLIFE_INVARIANTS", .when(configuration: .debug)),
]

let package = Package(
    name: "hashlife",
    products: [
        .executable(name: "hashlife", targets: ["hashlife"]),
        .library(name: "HashlifeEngine", targets: ["HashlifeEngine"]),
        .library(name: "HashlifeFormats", targets: ["HashlifeFormats"]),
    ],
    targets: [
        // A header-only cache prefetch hint (`__builtin_prefetch`), which Swift lacks.
        .systemLibrary(name: "CPrefetch", path: "Sources/CPrefetch"),
        // Vector kernels for the direct squares (AVX-512 and AVX2, header only, chosen at run
        // time: each function carries its instruction set, so no target flags are needed).
        .systemLibrary(name: "CLifeKernels", path: "Sources/CLifeKernels"),
        .target(name: "HashlifeEngine", dependencies: ["CPrefetch", "CLifeKernels"], swiftSettings: engineSettings),
        // The system zlib (Debian's zlib1g-dev), for .gz pattern files.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "HashlifeFormats", dependencies: ["HashlifeEngine", "CZlib"]),
        .target(name: "HashlifeRendering", dependencies: ["HashlifeEngine", "CZlib"]),
        // The shipped patterns/*.rle, compiled in by a build plugin (the built-in shape library).
        .executableTarget(name: "embed-patterns", path: "Sources/embed-patterns"),
        .plugin(name: "EmbedPatterns", capability: .buildTool(), dependencies: ["embed-patterns"], path: "Sources/EmbedPatternsPlugin"),
        .target(name: "HashlifePatterns", plugins: ["EmbedPatterns"]),
        .target(name: "HashlifeSession", dependencies: ["HashlifeEngine", "HashlifeFormats", "HashlifePatterns"]),
        // JSON output and memory sizes as people type them, for the CLI and the REPL.
        .target(name: "HashlifeSupport", dependencies: ["HashlifeEngine", "HashlifeAnalysis"]),
        .target(name: "HashlifeTerminal"),
        // The system SQLite (Debian's libsqlite3-dev), for the board store.
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .target(name: "HashlifeBoards", dependencies: ["HashlifeEngine", "HashlifeFormats", "HashlifeAnalysis", "HashlifeSupport", "CSQLite"]),
        .target(name: "HashlifeREPL", dependencies: ["HashlifeEngine", "HashlifeFormats", "HashlifeSession", "HashlifeSupport", "HashlifeRendering", "HashlifeTerminal", "HashlifeAnalysis", "HashlifeBoards"]),
        .target(name: "HashlifeApp", dependencies: ["HashlifeEngine", "HashlifeFormats", "HashlifeSession", "HashlifeBoards", "HashlifeRendering", "HashlifeAnalysis", "HashlifeTerminal", "HashlifeSupport"]),
        .target(name: "HashlifeAnalysis", dependencies: ["HashlifeEngine"]),
        .target(name: "HashlifeCLI", dependencies: ["HashlifeAnalysis", "HashlifeEngine", "HashlifeFormats", "HashlifeSession", "HashlifeSupport", "HashlifeRendering", "HashlifeREPL", "HashlifeTerminal", "HashlifeBoards", "HashlifeApp"]),
        .executableTarget(name: "hashlife", dependencies: ["HashlifeCLI"]),
        .target(name: "HashlifeTestSupport", dependencies: ["HashlifeEngine", "HashlifeFormats"]),
        .executableTarget(
            name: "HashlifeBenchmarks",
            dependencies: ["HashlifeAnalysis", "HashlifeEngine", "HashlifeFormats", "HashlifeCLI", "HashlifeTestSupport", "HashlifeBoards", "HashlifeRendering", "HashlifeApp", "HashlifeSession"],
            path: "Benchmarks/HashlifeBenchmarks"
        ),
        .testTarget(name: "HashlifeEngineTests", dependencies: ["HashlifeEngine", "HashlifeTestSupport"]),
        .testTarget(name: "HashlifeFormatsTests", dependencies: ["HashlifeEngine", "HashlifeFormats", "HashlifeTestSupport"]),
        .testTarget(name: "HashlifeAnalysisTests", dependencies: ["HashlifeAnalysis", "HashlifeEngine", "HashlifeFormats", "HashlifeTestSupport"]),
        .testTarget(name: "HashlifeCLITests", dependencies: ["HashlifeCLI", "HashlifeSupport", "HashlifeTestSupport"]),
        .testTarget(name: "HashlifeBoardsTests", dependencies: ["HashlifeBoards", "HashlifeEngine", "HashlifeFormats", "HashlifeAnalysis", "HashlifeSupport", "HashlifeTestSupport"]),
        .testTarget(name: "HashlifeRenderingTests", dependencies: ["HashlifeRendering", "HashlifeEngine", "HashlifeTestSupport"]),
        .testTarget(name: "HashlifeAppTests", dependencies: ["HashlifeApp", "HashlifeSession", "HashlifeEngine", "HashlifeFormats", "HashlifeBoards", "HashlifeTestSupport"],
                    exclude: ["Screens"]),  // tmux screenshots the end-to-end tests compare with
        .testTarget(name: "HashlifeREPLTests", dependencies: ["HashlifeREPL", "HashlifeTerminal", "HashlifeSession", "HashlifeEngine", "HashlifeFormats", "HashlifeTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
