// LoadedPattern+Universe.swift — a pattern file of any family into a universe, and any
// universe back into a file: the one place the formats choose a reader or writer by family.

import HashlifeEngine

/// A pattern file's name, author and comments (without their "#N", "#O", "#C" prefixes), kept
/// when the pattern is written back.
public struct PatternMetadata: Sendable, Equatable {
    public var name: String?
    public var author: String?
    public var comments: [String]

    public init(name: String? = nil, author: String? = nil, comments: [String] = []) {
        self.name = name
        self.author = author
        self.comments = comments
    }

    /// The metadata as the "#N", "#O" and "#C" lines of an RLE or Macrocell file (a comment
    /// that is itself a "#" line, as multi-state files keep their other lines, stays whole).
    var lines: [String] {
        (name.map { ["#N \($0)"] } ?? []) + (author.map { ["#O \($0)"] } ?? [])
            + comments.map { $0.hasPrefix("#") ? $0 : "#C \($0)" }
    }
}

/// Why a pattern read cannot be put in a universe.
public enum PatternLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file's own rule does not parse.
    case rule(RuleError)
    /// The rule asked cannot hold the pattern's cells.
    case change(RuleChangeError)

    public var description: String {
        switch self {
        case .rule(let error): error.description
        case .change(let error): error.description
        }
    }
}

extension LoadedPattern {
    /// The generation the file gives (Macrocell's "#G"), 0 when it gives none.
    public var generation: BigUInt {
        switch self {
        case .twoState(let decoded): decoded.document.generation
        case .multiState(let decoded): decoded.generation
        }
    }

    /// The file's name, author and comments.
    public var metadata: PatternMetadata {
        switch self {
        case .twoState(let decoded):
            PatternMetadata(name: decoded.document.name, author: decoded.document.author, comments: decoded.document.comments)
        case .multiState(let decoded):
            PatternMetadata(name: decoded.pattern.metadata.name, author: decoded.pattern.metadata.author,
                            comments: decoded.pattern.metadata.comments)
        }
    }

    /// A universe holding the pattern at its generation, under `rule` (else the file's own
    /// rule), of that rule's family, with `memoryLimit` and `threads`.
    /// - Throws: `.rule` when the file's own rule does not parse; `.change` when `rule` cannot
    ///   hold the pattern's states.
    public func universe(rule: AnyRule? = nil, memoryLimit: Int = MemoryLimit.defaultBytes,
                         threads: Int = 1) throws(PatternLoadError) -> any LifeUniverse {
        let loaded: any LifeUniverse
        switch self {
        case .twoState(let decoded):
            if rule == nil, let family = decoded.document.otherFamilyRule {
                // A two-state rule of another family than the Life-like one: the cells read as
                // Life's (placed on the rule's grid), then moved to the family's universe.
                let cells: Universe
                do { cells = try Universe(document: decoded.document, rule: Rule.life.with(grid: family.grid), memoryLimit: memoryLimit) } catch {
                    throw .rule(error)
                }
                do { loaded = try family.holding(cells) } catch { throw .change(error) }
            } else {
                // The file's own rule, or the one asked; another family's is applied below.
                let ownRule = rule.map { $0.as(Rule.self) ?? .life }
                do { loaded = try Universe(document: decoded.document, rule: ownRule, memoryLimit: memoryLimit) } catch {
                    throw .rule(error)
                }
            }
        case .multiState(let decoded):
            let universe = decoded.pattern.universe(memoryLimit: memoryLimit)
            universe.generation = decoded.generation
            loaded = universe
        }
        loaded.threads = threads
        guard let rule else { return loaded }
        do { return try rule.holding(loaded) } catch { throw .change(error) }
    }
}

extension PatternCodec {
    /// Encodes `universe`, of any family, in `format` (gzip-compressed when `compressed`),
    /// with `metadata`. Two-state universes go to every writable format; the others to RLE
    /// and Macrocell, which hold states. Macrocell is written from the universe's quadtree,
    /// node by node, so any universe fits; the other formats list cells.
    /// - Throws: `PatternTooLargeError` when a cell-by-cell format cannot hold the pattern;
    ///   `PatternError` when the format cannot hold the universe's states or cells.
    public static func encode(_ universe: any LifeUniverse, as format: PatternFormat, compressed: Bool,
                              metadata: PatternMetadata) throws -> [UInt8] {
        guard format.isWritable else {
            throw PatternError(file: nil, line: 1, column: 1, message: "\(format.displayName) is read only")
        }
        let text: String
        if universe.stateCount == 2, !AnyRule.isMultiStateSyntax(universe.anyRule.description) {
            // Two states (Life-like, or Larger than Life with two states): every format.
            if format == .macrocell {
                text = MacrocellWriter.write(PatternDocument(treeOf: universe, name: metadata.name, author: metadata.author,
                                                             comments: metadata.comments))
            } else {
                let document = try PatternDocument(universe: universe, name: metadata.name, author: metadata.author,
                                                   comments: metadata.comments)
                text = switch format {
                case .rle: RLEWriter.write(document)
                case .plaintext: PlaintextWriter.write(document)
                default: try Life106Writer.write(document)
                }
            }
        } else {
            guard format == .rle || format == .macrocell else {
                throw PatternError(file: nil, line: 1, column: 1,
                                   message: "\(format.displayName) holds two states only; rule \(universe.anyRule) needs RLE (.rle) or Macrocell (.mc)")
            }
            let generation = universe.generation.isZero ? nil : universe.generation.description
            if format == .macrocell, let tree = universe.stateTree() {
                text = MultiStateMacrocell.write(MultiStatePattern(rule: universe.anyRule, comments: metadata.lines, tree: tree),
                                                 generation: generation)
            } else {
                if let box = universe.boundingBox {
                    guard box.x.intValue != nil, box.y.intValue != nil, (box.maxX - BigInt(1)).intValue != nil,
                          (box.maxY - BigInt(1)).intValue != nil else {
                        throw PatternError(file: nil, line: 1, column: 1,
                                           message: "the pattern's coordinates are too large to write cell by cell; write Macrocell (.mc) instead")
                    }
                }
                var pattern = universe.statePattern
                pattern.comments = metadata.lines
                text = format == .rle ? MultiStateRLE.write(pattern) : MultiStateMacrocell.write(pattern, generation: generation)
            }
        }
        let bytes = Array(text.utf8)
        return compressed ? Gzip.compress(bytes) : bytes
    }
}

extension PatternCodec {
    /// RLE of a `width`×`height` rectangle of `cells` (offsets from its top-left) under `rule`:
    /// two-state RLE for a two-state rule (the header gives the rectangle's size), multi-state
    /// RLE otherwise.
    public static func rle(cells: [(x: Int, y: Int, state: UInt8)], width: Int, height: Int, rule: AnyRule) -> String {
        if rule.stateCount == 2 {
            var document = PatternDocument(cells: cells.map { PatternCell(x: $0.x, y: $0.y) }, rule: rule.description)
            document.width = width
            document.height = height
            return RLEWriter.write(document)
        }
        return MultiStateRLE.write(MultiStatePattern(rule: rule, cells: cells.map { MultiStateCell(x: $0.x, y: $0.y, state: $0.state) }.sorted()))
    }
}

extension LoadedPattern {
    /// Replaces `universe`'s cells, rule and generation with the pattern's, when `universe`
    /// is of the pattern's family and can take it in place (a two-state tree, or a
    /// multi-state pattern), and returns true; returns false, changing nothing, otherwise (the
    /// caller makes a universe with `universe(rule:memoryLimit:threads:)` then). Loading many
    /// states into one universe shares their nodes.
    /// - Throws: `.rule` when the file's rule does not parse; the universe is then unchanged.
    public func replaceContents(of universe: any LifeUniverse) throws(PatternLoadError) -> Bool {
        switch self {
        case .twoState(let decoded):
            guard let tree = decoded.document.tree else { return false }
            let rule: Rule
            do { rule = try Rule(decoded.document.rule ?? "B3/S23") } catch { throw .rule(error) }
            // The tree's own checks first, so a bad tree changes nothing.
            do { _ = try Universe.validate(tree: tree) } catch { return false }
            guard universe.adopt(AnyRule(rule)) else { return false }
            universe.load(stateTree: StateTree(bitTree: tree))
            universe.generation = decoded.document.generation
            return true
        case .multiState(let decoded):
            guard universe.load(decoded.pattern) else { return false }
            universe.generation = decoded.generation
            return true
        }
    }
}

extension PatternDocument {
    /// The document's rule when it is a valid rule of a family other than the Life-like one
    /// (which `Universe(document:)` reads itself, with its errors); nil otherwise.
    var otherFamilyRule: AnyRule? {
        guard let text = rule, !text.isEmpty, (try? Rule(text)) == nil, let parsed = try? AnyRule.parse(text),
              parsed.as(Rule.self) == nil else { return nil }
        return parsed
    }
}
