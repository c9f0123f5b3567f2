// swift-tools-version: 6.0
import PackageDescription

// Layers, dependencies pointing one way (each module lists exactly what it imports):
//   HashlifeBigInt (stdlib only: exact integers of any size)
//   ← HashlifeEngine (stdlib only, HashlifeBigInt, which it re-exports, and CPrefetch, a
//     header-only prefetch hint, and CLifeKernels, header-only vector kernels the engine uses
//     when the processor has them; also `Plural`, counted nouns for every module's messages)
//   ← HashlifeFormats (+ the system zlib; also `retryingOnInterrupt`, the one helper that retries
//     system calls a signal interrupted, and `writeAll`, for every module's file and terminal I/O),
//     HashlifeAnalysis (+ CLifeKernels' soup plane, for the census), HashlifeRendering (+ zlib),
//     HashlifeInterface (JSON answers; numbers, memory sizes and thread counts as people type
//     them; user text quoted short and safe in messages)
//   ← HashlifeEditing (the editing model: a session over one universe with its history,
//     snapshots, selection, clipboard and the shape library; engine, formats, interface, and
//     HashlifePatterns: the shipped patterns/ compiled in),
//     HashlifeBoards (engine, formats, analysis, interface, + the system SQLite: the board store
//     and service),
//     HashlifeTerminal (terminal input, line editor, progress bar, Ctrl-C; formats only for
//     those helpers)
//   ← HashlifeCommands (the command language over a session: editing, boards, interface,
//     rendering, analysis, terminal)
//   ← HashlifeREPL (the language on lines from a terminal or a pipe),
//     HashlifeApp (`hashlife play`, the full-screen app, whose `:` line takes the same language),
//     HashlifeServer (`hashlife serve`: HTTP/1.1 on POSIX sockets, + zlib, and the page in a
//     browser, compiled in from its Assets folder, whose command line takes the same language;
//     boards, editing, analysis for auto-stop, rendering for the states' colours)
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
        .library(name: "HashlifeBigInt", targets: ["HashlifeBigInt"]),
        .library(name: "HashlifeEngine", targets: ["HashlifeEngine"]),
        .library(name: "HashlifeFormats", targets: ["HashlifeFormats"]),
    ],
    targets: [
        // A header-only cache prefetch hint (`__builtin_prefetch`), which Swift lacks.
        .systemLibrary(name: "CPrefetch", path: "Sources/CPrefetch"),
        // Vector kernels for the direct squares and the census's soup plane (AVX-512 and AVX2,
        // header only, chosen at run time: each function carries its instruction set, so no
        // target flags are needed).
        .systemLibrary(name: "CLifeKernels", path: "Sources/CLifeKernels"),
        // Exact unsigned and signed integers of any size (generations, populations, coordinates).
        .target(name: "HashlifeBigInt", swiftSettings: engineSettings),
        .target(name: "HashlifeEngine", dependencies: ["HashlifeBigInt", "CPrefetch", "CLifeKernels"], swiftSettings: engineSettings),
        // The system zlib (Debian's zlib1g-dev), for .gz pattern files.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "HashlifeFormats", dependencies: ["HashlifeEngine", "CZlib"]),
        .target(name: "HashlifeRendering", dependencies: ["HashlifeEngine", "CZlib"]),
        // The shipped patterns/*.rle, compiled in by a build plugin (the built-in shape library).
        .executableTarget(name: "embed-patterns", path: "Sources/embed-patterns"),
        .plugin(name: "EmbedPatterns", capability: .buildTool(), dependencies: ["embed-patterns"], path: "Sources/EmbedPatternsPlugin"),
        .target(name: "HashlifePatterns", plugins: ["EmbedPatterns"]),
        // The page `hashlife serve` sends (Sources/HashlifeServer/Assets), compiled in by a
        // sibling plugin of the same tool.
        .plugin(name: "EmbedAssets", capability: .buildTool(), dependencies: ["embed-patterns"], path: "Sources/EmbedAssetsPlugin"),
        .target(name: "HashlifeEditing", dependencies: ["HashlifeEngine", "HashlifeFormats", "HashlifeInterface", "HashlifePatterns"]),
        // What the program exchanges with people and programs: JSON answers (the CLI's --json,
        // the REPL's, the board log's); numbers, memory sizes and thread counts as people type
        // them; user text quoted short and safe in messages (`Excerpt`).
        .target(name: "HashlifeInterface", dependencies: ["HashlifeEngine", "HashlifeAnalysis"]),
        .target(name: "HashlifeTerminal", dependencies: ["HashlifeFormats"]),
        // The system SQLite (Debian's libsqlite3-dev), for the board store.
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .target(name: "HashlifeBoards", dependencies: ["HashlifeEngine", "HashlifeFormats", "HashlifeAnalysis", "HashlifeInterface", "CSQLite"]),
        // The command language (one implementation for the REPL and the app's command line).
        .target(name: "HashlifeCommands", dependencies: ["HashlifeEngine", "HashlifeFormats", "HashlifeEditing", "HashlifeInterface", "HashlifeRendering", "HashlifeTerminal", "HashlifeAnalysis", "HashlifeBoards"]),
        .target(name: "HashlifeREPL", dependencies: ["HashlifeCommands", "HashlifeEngine", "HashlifeFormats", "HashlifeEditing", "HashlifeTerminal"]),
        .target(name: "HashlifeApp", dependencies: ["HashlifeCommands", "HashlifeEngine", "HashlifeFormats", "HashlifeEditing", "HashlifeBoards", "HashlifeRendering", "HashlifeAnalysis", "HashlifeTerminal", "HashlifeInterface"]),
        .target(name: "HashlifeServer", dependencies: ["HashlifeCommands", "HashlifeEngine", "HashlifeFormats", "HashlifeEditing", "HashlifeBoards", "HashlifeInterface", "HashlifeAnalysis", "HashlifeRendering", "CZlib"],
                exclude: ["Assets"], plugins: ["EmbedAssets"]),
        .target(name: "HashlifeAnalysis", dependencies: ["HashlifeEngine", "CLifeKernels"]),
        .target(name: "HashlifeCLI", dependencies: ["HashlifeCommands", "HashlifeAnalysis", "HashlifeEngine", "HashlifeFormats", "HashlifeEditing", "HashlifeInterface", "HashlifeRendering", "HashlifeREPL", "HashlifeTerminal", "HashlifeBoards", "HashlifeApp", "HashlifeServer"]),
        .executableTarget(name: "hashlife", dependencies: ["HashlifeCLI"]),
        .target(name: "HashlifeTestSupport", dependencies: ["HashlifeEngine", "HashlifeFormats"]),
        .executableTarget(
            name: "HashlifeBenchmarks",
            dependencies: ["HashlifeAnalysis", "HashlifeEngine", "HashlifeFormats", "HashlifeCLI", "HashlifeTestSupport", "HashlifeBoards", "HashlifeRendering", "HashlifeApp", "HashlifeEditing", "HashlifeServer"],
            path: "Benchmarks/HashlifeBenchmarks"
        ),
        // One test target per library target (HashlifePatterns and HashlifeTestSupport excepted),
        // each depending on exactly what its files import.
        .testTarget(name: "HashlifeBigIntTests", dependencies: ["HashlifeBigInt", "HashlifeEngine"]),
        .testTarget(name: "HashlifeEngineTests", dependencies: ["HashlifeEngine", "HashlifeTestSupport"]),
        .testTarget(name: "HashlifeFormatsTests", dependencies: ["HashlifeEngine", "HashlifeFormats", "HashlifeInterface", "HashlifeTestSupport"]),
        .testTarget(name: "HashlifeAnalysisTests", dependencies: ["HashlifeAnalysis", "HashlifeEngine", "HashlifeFormats", "HashlifeTestSupport"]),
        .testTarget(name: "HashlifeCLITests", dependencies: ["HashlifeCLI", "HashlifeInterface", "HashlifeTestSupport"]),
        .testTarget(name: "HashlifeBoardsTests", dependencies: ["HashlifeBoards", "HashlifeEngine", "HashlifeFormats", "HashlifeAnalysis", "HashlifeInterface", "HashlifeTestSupport"]),
        .testTarget(name: "HashlifeRenderingTests", dependencies: ["HashlifeRendering", "HashlifeEngine", "HashlifeTestSupport"]),
        .testTarget(name: "HashlifeAppTests", dependencies: ["HashlifeApp", "HashlifeCommands", "HashlifeEditing", "HashlifeEngine", "HashlifeFormats", "HashlifeBoards", "HashlifeRendering", "HashlifeTestSupport"],
                    exclude: ["Screens"]),  // tmux screenshots the end-to-end tests compare with
        .testTarget(name: "HashlifeInterfaceTests", dependencies: ["HashlifeInterface", "HashlifeEngine"]),
        .testTarget(name: "HashlifeTerminalTests", dependencies: ["HashlifeTerminal"]),
        .testTarget(name: "HashlifeEditingTests", dependencies: ["HashlifeEditing", "HashlifeEngine", "HashlifeFormats", "HashlifeTestSupport"]),
        .testTarget(name: "HashlifeCommandsTests", dependencies: ["HashlifeCommands", "HashlifeEditing", "HashlifeEngine", "HashlifeFormats", "HashlifeInterface", "HashlifeRendering", "HashlifeTestSupport"]),
        .testTarget(name: "HashlifeServerTests", dependencies: ["HashlifeServer", "HashlifeCommands", "HashlifeEngine", "HashlifeEditing", "HashlifeBoards", "HashlifeFormats", "HashlifeInterface", "HashlifeTestSupport"],
                    exclude: ["browser"]),  // the scripts the browser tests run
        .testTarget(name: "HashlifeREPLTests", dependencies: ["HashlifeREPL", "HashlifeEditing", "HashlifeTerminal", "HashlifeTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
