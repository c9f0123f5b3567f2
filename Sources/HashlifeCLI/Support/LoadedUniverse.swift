import HashlifeEngine
import HashlifeInterface
import HashlifeFormats

/// A pattern file loaded into the engine of its kind: the two-state `Universe`, or the
/// `MultiStateUniverse` for Generations, History and Super rules.
enum LoadedUniverse {
    case twoState(Universe, DecodedPattern)
    case multiState(MultiStateUniverse, DecodedMultiStatePattern)

    var format: PatternFormat {
        switch self {
        case .twoState(_, let decoded): decoded.format
        case .multiState(_, let decoded): decoded.format
        }
    }
}

extension PatternFiles {
    /// A rule of either kind from the command line, or a usage error naming the option.
    static func anyRule(_ text: String?, command: String) throws(CommandError) -> AnyRule? {
        guard let text else { return nil }
        do { return try AnyRule.parse(text) } catch {
            throw .usage(UsageError(command: command, message: "invalid value for '--rule': \(error.description)"))
        }
    }

    /// The file at `path` in the engine its rule needs (`rule` when given, else the file's),
    /// with the node store limited to `memoryLimit` bytes and steps using `threads` threads
    /// (the multi-state engine steps on one).
    ///
    /// A rule of the other kind than the file's converts the cells: a two-state pattern under a
    /// multi-state rule has its live cells in state 1 (as Golly does on switching a pattern to
    /// LifeHistory); a multi-state pattern under a rule of fewer states must have no cell in a
    /// state that rule lacks (a two-state rule takes a pattern whose cells are all in state 1).
    /// The file's warnings go to `report`.
    static func load(_ path: String, rule: AnyRule?, memoryLimit: Int, threads: Int) throws(CommandError) -> LoadedUniverse {
        let loaded: LoadedPattern
        do {
            loaded = try PatternCodec.readAny(path: path, label: label(path), limit: memoryLimit, checkingRule: rule == nil)
        } catch {
            throw .failure(error.description)
        }
        report(loaded.warnings)
        switch (loaded, rule) {
        case (.twoState(let decoded), .multiState(let chosen)):
            let pattern = try multiStatePattern(of: decoded, path: path, memoryLimit: memoryLimit)
            let universe = MultiStateUniverse(rule: chosen, memoryLimit: memoryLimit)
            universe.load(cells: pattern.cells.lazy.map { (x: $0.x, y: $0.y, state: 1) }, originX: pattern.originX, originY: pattern.originY)
            universe.generation = decoded.document.generation
            // Multi-state patterns keep metadata as whole lines.
            let document = decoded.document
            let lines = (document.name.map { ["#N " + $0] } ?? []) + (document.author.map { ["#O " + $0] } ?? [])
                + document.comments.map { "#C " + $0 }
            let converted = DecodedMultiStatePattern(pattern: MultiStatePattern(rule: chosen, comments: lines),
                                                     format: decoded.format, compressed: decoded.compressed,
                                                     generation: decoded.document.generation, warnings: decoded.warnings)
            return .multiState(universe, converted)
        case (.twoState(let decoded), _):
            let twoStateRule: Rule? = if case .twoState(let chosen) = rule { chosen } else { nil }
            do {
                let universe = try Universe(document: decoded.document, rule: twoStateRule, memoryLimit: memoryLimit)
                universe.threads = threads
                return .twoState(universe, decoded)
            } catch {
                throw .failure("\(label(path)): \(error.description)")
            }
        case (.multiState(var decoded), _):
            let highest = decoded.pattern.cells.map(\.state).max() ?? 0
            if let rule, Int(highest) >= rule.stateCount {
                throw .failure("\(label(path)): the pattern has cells in state \(highest); the rule \(rule) has \(rule.stateCount) states (0 to \(rule.stateCount - 1))")
            }
            if case .twoState(let chosen) = rule {
                var document = PatternDocument()
                document.comments = decoded.pattern.comments
                document.rule = chosen.description
                document.generation = decoded.generation
                document.cells = decoded.pattern.cells.map { PatternCell(x: $0.x, y: $0.y) }
                do {
                    let universe = try Universe(document: document, rule: chosen, memoryLimit: memoryLimit)
                    universe.threads = threads
                    return .twoState(universe, DecodedPattern(document: document, format: decoded.format, compressed: decoded.compressed,
                                                                                  warnings: decoded.warnings))
                } catch {
                    throw .failure("\(label(path)): \(error.description)")
                }
            }
            if case .multiState(let chosen) = rule { decoded.pattern.rule = chosen }
            let universe = MultiStateUniverse(pattern: decoded.pattern, memoryLimit: memoryLimit)
            universe.generation = decoded.generation
            return .multiState(universe, decoded)
        }
    }

    /// The live cells of a two-state file as offsets from its bounding box's corner.
    private static func multiStatePattern(of decoded: DecodedPattern, path: String, memoryLimit: Int) throws(CommandError)
        -> (cells: [(x: Int, y: Int)], originX: BigInt, originY: BigInt) {
        let universe: Universe
        do { universe = try Universe(document: decoded.document, rule: .life, memoryLimit: memoryLimit) } catch {
            throw .failure("\(label(path)): \(error.description)")
        }
        guard let box = universe.boundingBox else { return ([], .zero, .zero) }
        guard box.width.intValue != nil, box.height.intValue != nil else {
            throw .failure("\(label(path)): the pattern spans \(box.width)×\(box.height) cells, too wide to list for a multi-state rule")
        }
        var cells: [(x: Int, y: Int)] = []
        universe.forEachLiveCellOffset(in: box) { dx, dy in cells.append((dx, dy)) }
        return (cells, box.x, box.y)
    }
}

extension PatternFiles {
    /// Refuses (before any work) a format that cannot hold more than two states, abandoning
    /// `output`.
    static func checkMultiStateFormat(_ format: PatternFormat, output: OutputFile, command: String) throws(CommandError) {
        guard format != .rle && format != .macrocell else { return }
        output.abandon()
        throw .usage(UsageError(command: command, message: "\(format.displayName) holds two-state cells only; write a multi-state pattern as RLE or Macrocell (.rle, .mc, optionally .gz)"))
    }

    /// Writes the multi-state `universe` to `output` in `format` (RLE or Macrocell; gzip when
    /// the name ends in .gz) with `comments`, and publishes it (see `OutputFile`).
    static func write(_ universe: MultiStateUniverse, to output: OutputFile, format: PatternFormat, comments: [String],
                      context: CommandContext) throws(CommandError) {
        if let box = universe.boundingBox {
            let limit = BigInt(1 << 60)
            guard box.x.magnitude < limit.magnitude, box.y.magnitude < limit.magnitude,
                  box.width < limit.magnitude, box.height < limit.magnitude else {
                output.abandon()
                throw .failure("\(label(output.path)): the pattern reaches coordinates beyond 2^60 (\(box)); multi-state files are written with 64-bit coordinates")
            }
        }
        var pattern = universe.pattern
        pattern.comments = comments
        let text = format == .macrocell
            ? MultiStateMacrocell.write(pattern, generation: universe.generation.description)
            : MultiStateRLE.write(pattern)
        let bytes = PatternFormat.isCompressedName(output.path) ? Gzip.compress(Array(text.utf8)) : Array(text.utf8)
        try output.write(bytes, context: context)
        try output.commit()
    }

    /// A bounding box as JSON: x, y, width and height as decimal strings; null when empty.
    static func bounds(_ box: CellRect?) -> JSONValue {
        guard let box else { return .null }
        return .fields([("x", .string(box.x.description)), ("y", .string(box.y.description)),
                        ("width", .string(box.width.description)), ("height", .string(box.height.description))])
    }
}
