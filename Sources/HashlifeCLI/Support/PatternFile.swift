import HashlifeEngine
import HashlifeInterface
import HashlifeFormats

/// A pattern file loaded into a universe of its rule's family (`LoadedPattern.universe`), with
/// what the file says about itself.
struct PatternFile {
    /// The cells, under the rule asked for (else the file's), at the file's generation.
    let universe: any LifeUniverse
    let format: PatternFormat
    let compressed: Bool
    /// The file's name, author and comments, kept when the pattern is written back.
    let metadata: PatternMetadata

    /// The pattern's name (`#N`), nil when the file gives none or an empty one.
    var name: String? { metadata.name?.isEmpty == true ? nil : metadata.name }
}

extension PatternFiles {
    /// A rule of any family from the command line (a rule file's name included, looked up in
    /// `RuleFolders.current`), or a usage error naming the option.
    static func anyRule(_ text: String?, command: String) throws(CommandError) -> AnyRule? {
        guard let text else { return nil }
        do { return try RuleFolders.anyRule(text) } catch {
            throw .usage(UsageError(command: command, message: "invalid value for '--rule': \(error.description)"))
        }
    }

    /// The file at `path` in a universe of its rule's family (`rule` when given, else the
    /// file's), with the node store limited to `memoryLimit` bytes and steps using `threads`
    /// threads where the family has them (else a note says once, on standard error, that the
    /// rule steps on one thread).
    ///
    /// A rule of another family than the file's converts the cells: a two-state pattern under a
    /// rule of more states has its live cells in state 1 (as Golly does on switching a pattern
    /// to LifeHistory); a pattern under a rule of fewer states must have no cell in a state that
    /// rule lacks. The file's warnings go to `report`.
    static func open(_ path: String, rule: AnyRule?, memoryLimit: Int, threads: Int) throws(CommandError) -> PatternFile {
        let loaded: LoadedPattern
        do {
            loaded = try PatternCodec.readAny(path: path, label: label(path), limit: memoryLimit, checkingRule: rule == nil)
        } catch {
            if case .archivePatterns(_, let patterns) = error, patterns.count > 1 {
                // Which pattern is the caller's to say.
                throw .ambiguous(error.description)
            }
            throw .failure(error.description)
        }
        report(loaded.warnings)
        let universe: any LifeUniverse
        do { universe = try loaded.universe(rule: rule, memoryLimit: memoryLimit, threads: threads) } catch {
            switch error {
            case .change(.stateOutOfRange(let state, let rule)):
                throw .failure("\(label(path)): the pattern has cells in state \(state); the rule \(rule) has \(rule.stateCount) states (0 to \(rule.stateCount - 1))")
            case .change(.tooLarge(let width, let height, let rule)):
                throw .failure("\(label(path)): the pattern spans \(width)×\(height) cells, too wide to list cell by cell for rule \(rule)")
            case .rule(let error):
                throw .failure("\(label(path)): \(error.description)")
            }
        }
        ThreadsOption.noteIfIgnored(threads, by: universe)
        if let note = universe.anyRule.note { PatternFiles.note(note) }
        return PatternFile(universe: universe, format: loaded.format, compressed: loaded.compressed, metadata: loaded.metadata)
    }

    /// Refuses (before any work) a format that cannot hold the states of `rule`, abandoning
    /// `output`.
    static func checkFormat(_ format: PatternFormat, holds rule: AnyRule, output: OutputFile, command: String) throws(CommandError) {
        // The writer's own answer for an empty pattern under the rule.
        do { _ = try PatternCodec.encode(rule.makeUniverse(), as: format, compressed: false, metadata: PatternMetadata()) } catch {
            output.abandon()
            throw .usage(UsageError(command: command, message: "\(format.displayName) holds two-state cells only; write a multi-state pattern as RLE or Macrocell (.rle, .mc, optionally .gz)"))
        }
    }

    /// Writes `universe` to `output` in `format` (gzip when the name ends in .gz) with
    /// `metadata`, and publishes it (see `OutputFile`).
    static func write(_ universe: any LifeUniverse, to output: OutputFile, format: PatternFormat, metadata: PatternMetadata,
                      context: CommandContext) throws(CommandError) {
        let bytes: [UInt8]
        do {
            bytes = try PatternCodec.encode(universe, as: format, compressed: PatternFormat.isCompressedName(output.path),
                                            metadata: metadata)
        } catch {
            output.abandon()
            throw .failure("\(label(output.path)): \(error)")
        }
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
