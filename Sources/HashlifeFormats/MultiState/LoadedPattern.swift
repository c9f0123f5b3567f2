// LoadedPattern.swift — a pattern file of either kind: two-state or multi-state.
//
// The file's rule decides: a header rule written in multi-state syntax (Generations'
// "345/2/4", "LifeHistory", "B3/S23Super", "g3b3s23", …) sends an RLE or Macrocell file to the
// multi-state readers; everything else goes to the two-state readers, unchanged. Callers that
// can run both kinds read with `readAny`/`decodeAny`; the two-state `read`/`decode` refuse a
// multi-state file with `PatternReadError.multiState`, which names its rule.

import HashlifeEngine

/// A decoded multi-state pattern file.
public struct DecodedMultiStatePattern: Sendable {
    public var pattern: MultiStatePattern
    public var format: PatternFormat
    public var compressed: Bool
    /// The generation the file gives (Macrocell's "#G"), 0 when it gives none.
    public var generation: BigUInt
    /// What is odd about the file, though it loaded (each naming the file, when known).
    public var warnings: [PatternWarning]

    public init(pattern: MultiStatePattern, format: PatternFormat, compressed: Bool, generation: BigUInt = .zero,
                warnings: [PatternWarning] = []) {
        self.pattern = pattern
        self.format = format
        self.compressed = compressed
        self.generation = generation
        self.warnings = warnings
    }
}

extension DecodedMultiStatePattern {
    /// The pattern as two-state cells, without a rule, when every cell is in state 1 (else nil):
    /// name and author from "#N" and "#O" lines, "#C" comments without the prefix.
    public var twoStateDocument: PatternDocument? {
        var document: PatternDocument
        if let tree = pattern.tree, let level = tree.level, level >= 3 {
            // A tree stays a tree, however many cells it stands for.
            guard let definitions = tree.bitTree else { return nil }
            document = PatternDocument(cells: [])
            document.tree = definitions
        } else {
            guard pattern.cells.allSatisfy({ $0.state == 1 }) else { return nil }
            document = PatternDocument(cells: pattern.cells.map { PatternCell(x: $0.x, y: $0.y) })
        }
        document.generation = generation
        (document.name, document.author, document.comments) = pattern.metadata
        return document
    }
}

/// A pattern file as read: two-state or multi-state.
public enum LoadedPattern: Sendable {
    case twoState(DecodedPattern)
    case multiState(DecodedMultiStatePattern)

    public var format: PatternFormat {
        switch self {
        case .twoState(let decoded): decoded.format
        case .multiState(let decoded): decoded.format
        }
    }

    public var compressed: Bool {
        switch self {
        case .twoState(let decoded): decoded.compressed
        case .multiState(let decoded): decoded.compressed
        }
    }

    /// What is odd about the file, though it loaded.
    public var warnings: [PatternWarning] {
        switch self {
        case .twoState(let decoded): decoded.warnings
        case .multiState(let decoded): decoded.warnings
        }
    }
}

extension PatternCodec {
    /// Decodes `bytes` of either kind (see `decode(_:fileName:)` for the two-state rules of
    /// detection); `fileName` labels errors.
    public static func decodeAny(_ bytes: [UInt8], fileName: String? = nil) throws(PatternReadError) -> LoadedPattern {
        let (text, format, compressed) = try prepare(bytes, fileName: fileName)
        return try decodeAny(text: text, format: format, compressed: compressed, fileName: fileName, checkingRule: true)
    }

    /// `decodeAny(text:format:compressed:fileName:checkingRule:)` with rule names looked up in
    /// `folders` (`RuleFolders.current` for the decoding).
    static func decodeAny(text: String, format: PatternFormat, compressed: Bool, fileName: String?, checkingRule: Bool,
                          folders: RuleFolders) throws(PatternReadError) -> LoadedPattern {
        let result: Result<LoadedPattern, PatternReadError> = RuleFolders.$current.withValue(folders) {
            do throws(PatternReadError) {
                return .success(try decodeAny(text: text, format: format, compressed: compressed, fileName: fileName,
                                              checkingRule: checkingRule))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses `text` as `format`, with the multi-state readers when the file's rule is written
    /// in multi-state syntax (see the file header), else the two-state ones.
    static func decodeAny(text: String, format: PatternFormat, compressed: Bool, fileName: String?,
                          checkingRule: Bool) throws(PatternReadError) -> LoadedPattern {
        if let (pattern, ruleText, linesBefore) = RuleFolders.splitEmbedded(text) {
            // A rule file after the pattern: its rule is used ahead of every folder.
            var folders = RuleFolders.current
            do throws(RuleFileError) {
                folders.embedded.insert(try RuleFile.parse(ruleText, fileName: fileName ?? "the pattern"), at: 0)
            } catch {
                throw .syntax(PatternError(file: fileName, line: (error.line ?? 1) + linesBefore, column: 1, message: error.reason))
            }
            return try decodeAny(text: pattern, format: format, compressed: compressed, fileName: fileName,
                                 checkingRule: checkingRule, folders: folders)
        }
        if format == .mcell { return try decodeMCell(text: text, compressed: compressed, fileName: fileName, checkingRule: checkingRule) }
        guard let ruleText = multiStateRuleText(in: text, format: format),
              // A rule file that is not found, for a caller who replaces the rule: the cells
              // are read as two-state cells, as for any rule the caller replaces.
              checkingRule || AnyRule.isMultiStateSyntax(ruleText) || (try? RuleFolders.stateRule(ruleText)) != nil else {
            return .twoState(try decode(text: text, format: format, compressed: compressed, fileName: fileName,
                                        checkingRule: checkingRule))
        }
        do throws(PatternError) {
            switch format {
            case .rle:
                var warnings: [PatternWarning] = []
                let pattern = try MultiStateRLE.read(text, warnings: &warnings)
                return .multiState(DecodedMultiStatePattern(pattern: pattern, format: format, compressed: compressed,
                                                            generation: pattern.generation,
                                                            warnings: warnings.map { var named = $0; named.file = fileName; return named }))
            case .macrocell:
                var (pattern, generationText) = try MultiStateMacrocell.read(text)
                var generation = BigUInt.zero
                if let generationText {
                    guard let value = BigUInt(decimal: Substring(generationText)) else {
                        throw PatternError(file: fileName, line: 1, column: 1,
                                           message: "invalid generation \"#G \(generationText)\"")
                    }
                    generation = value
                    pattern.generation = value
                }
                return .multiState(DecodedMultiStatePattern(pattern: pattern, format: format, compressed: compressed,
                                                            generation: generation))
            case .plaintext, .life105, .life106, .mcell:
                throw PatternError(file: fileName, line: 1, column: 1,
                                   message: "\(format.displayName) holds two-state cells only; the rule \(ruleText) needs RLE or Macrocell")
            }
        } catch {
            var located = error
            located.file = fileName
            throw .syntax(located)
        }
    }

    /// The rule an RLE header ("rule = …" or a "#r" line) or a Macrocell "#R" line names, when
    /// it is written in multi-state syntax (`AnyRule.isMultiStateSyntax`) or names a rule file
    /// (`RuleFolders.namesRuleFile`); nil otherwise.
    static func multiStateRuleText(in text: String, format: PatternFormat) -> String? {
        guard format == .rle || format == .macrocell else { return nil }
        // Split on scalars: "\r\n" is one Character, which a split on the Character "\n" misses.
        for rawLine in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).prefix(10_000) {
            let line = Substring(rawLine.last == "\r" ? rawLine.dropLast() : rawLine)
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            var candidate: Substring? = nil
            if format == .macrocell {
                if trimmed.hasPrefix("#R") { candidate = trimmed.dropFirst(2).drop { $0 == " " }.prefix { $0 != " " } }
                else if !trimmed.isEmpty && !trimmed.hasPrefix("#") && !trimmed.hasPrefix("[") { return nil }
            } else if trimmed.hasPrefix("#r") {
                candidate = trimmed.dropFirst(2)
            } else if trimmed.hasPrefix("#") || trimmed.isEmpty {
                continue
            } else {
                // The header line ends the search, whatever it holds.
                let characters = Array(trimmed)
                guard trimmed.hasPrefix("x"), let start = MultiStateRLE.findRule(characters) else { return nil }
                candidate = Substring(String(characters[start...]))
            }
            if let candidate {
                let rule = candidate.trimmingSpaces
                if !rule.isEmpty && (AnyRule.isMultiStateSyntax(rule) || RuleFolders.namesRuleFile(rule)) { return rule }
                if format == .macrocell { return nil }
            }
        }
        return nil
    }
}

private extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
