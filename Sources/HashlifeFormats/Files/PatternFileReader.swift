import HashlifeEngine

// Reading a pattern file without trusting its size: the format is decided from the first bytes
// (so /dev/zero or a binary file is refused at once), gzip is inflated while it is read, and the
// text kept is never more than a limit (callers pass the memory limit, `--max-memory`).

extension PatternCodec {
    /// Bytes read before the format is decided: the first chunk, then more only while the
    /// text so far is blank or comments (at most `detectionWindow`).
    static let firstChunk = 1 << 16
    static let detectionWindow = 1 << 20
    /// The most pattern text read under a memory limit: a quarter of it, and at least 1 MiB.
    /// Parsing holds the text, its cells and then their tree, about three times the text at
    /// worst, so reading, parsing and loading stay within the limit plus a small constant.
    public static func textAllowance(memoryLimit: Int) -> Int { max(memoryLimit / 4, 1 << 20) }

    /// Reads and decodes the pattern file at `path` ("-": standard input), named `label` in
    /// errors. The text (after gzip inflation) may be at most `textAllowance(memoryLimit: limit)`
    /// bytes; reading stops at the first byte past it. Input that is empty or
    /// only white space is refused in every
    /// format. When `checkingRule`, a rule the file names must parse (the error is located in
    /// the file); pass false when the caller replaces the file's rule.
    /// - Throws: `PatternReadError` (`.file` for the system's errors).
    /// A multi-state file is refused with `.multiState` (see `readAny` for both kinds), unless
    /// the caller replaces the rule (`checkingRule` false) and every cell is in state 1: then
    /// its cells are read as live cells, without a rule.
    public static func read(path: String, label: String, limit: Int, checkingRule: Bool = true) throws(PatternReadError) -> DecodedPattern {
        let loaded = try readAny(path: path, label: label, limit: limit, checkingRule: checkingRule)
        if !checkingRule, case .multiState(let decoded) = loaded, let document = decoded.twoStateDocument {
            return DecodedPattern(document: document, format: decoded.format, compressed: decoded.compressed,
                                  warnings: decoded.warnings)
        }
        return try twoState(loaded, fileName: label)
    }

    /// Reads the pattern file at `path` as `read` does, two-state or multi-state (see
    /// LoadedPattern.swift for how the file's rule decides).
    ///
    /// A ZIP archive (`path` names one, or `ARCHIVE.zip:ENTRY` one of its entries) gives its
    /// only pattern, or the entry named (`PatternArchive`); the pattern is labelled
    /// `label:ENTRY` in errors.
    public static func readAny(path: String, label: String, limit: Int, checkingRule: Bool = true) throws(PatternReadError) -> LoadedPattern {
        if let location = PatternArchive.location(of: path) {
            let archive = try PatternArchive(path: location.archive, limit: max(limit, 1 << 20))
            let entry = try archive.pattern(location.inner)
            var archiveLabel = label
            if let inner = location.inner, label.hasSuffix(":" + inner) { archiveLabel = String(label.dropLast(inner.count + 1)) }
            let entryLabel = archiveLabel + ":" + entry.name
            let bytes: [UInt8]
            do { bytes = try archive.archive.contents(of: entry, limit: textAllowance(memoryLimit: limit)) } catch {
                throw .archive(file: archiveLabel, error)
            }
            let (text, format, compressed) = try prepare(bytes, fileName: entryLabel)
            // The archive's rule files, wherever they are in it, come ahead of every folder.
            var folders = RuleFolders.current.with(patternAt: location.archive)
            for rule in archive.rules {
                let ruleBytes: [UInt8]
                do { ruleBytes = try archive.archive.contents(of: rule, limit: textAllowance(memoryLimit: limit)) } catch {
                    throw .archive(file: archiveLabel, error)
                }
                do throws(RuleFileError) {
                    folders.embedded.append(try RuleFile.parse(String(decoding: ruleBytes, as: UTF8.self), fileName: archiveLabel + ":" + rule.name))
                } catch {
                    throw .syntax(PatternError(file: archiveLabel + ":" + rule.name, line: error.line ?? 1, column: 1, message: error.reason))
                }
            }
            return try decodeAny(text: text, format: format, compressed: compressed, fileName: entryLabel,
                                 checkingRule: checkingRule, folders: folders)
        }
        let fd: Int32
        do { fd = try FileIO.openForReading(path) } catch { throw .file(error) }
        defer { FileIO.closeReading(fd) }
        var input = PatternInput(fd: fd, path: path, label: label, limit: limit, textLimit: textAllowance(memoryLimit: limit))
        if path.hasSuffix(".rule") { return try ruleFile(path: path, label: label) }
        let (text, format, compressed) = try input.readText()
        // Rule names are looked up in the pattern's own folder too.
        return try decodeAny(text: text, format: format, compressed: compressed, fileName: label, checkingRule: checkingRule,
                             folders: RuleFolders.current.with(patternAt: path))
    }

    /// A `.rule` file read as its rule: an empty pattern under it.
    static func ruleFile(path: String, label: String) throws(PatternReadError) -> LoadedPattern {
        let bytes: [UInt8]
        do { bytes = try FileIO.read(path) } catch { throw .file(error) }
        do throws(RuleFileError) {
            let file = try RuleFile.parse(String(decoding: bytes, as: UTF8.self), fileName: label)
            let rule: MultiStateRule
            if let compiled = RuleFileRule(file: file) {
                rule = MultiStateRule(ruleFile: compiled)
            } else {
                // Colours alone: the transitions come from the folders.
                do { rule = try RuleFolders.current.with(patternAt: path).resolve(file.name) } catch {
                    throw RuleFileError(file: label, line: nil, reason: "the file has no @TABLE or @TREE, and \(error)")
                }
            }
            return .multiState(DecodedMultiStatePattern(pattern: MultiStatePattern(rule: rule), format: .rle, compressed: false))
        } catch {
            throw .syntax(PatternError(file: label, line: error.line ?? 1, column: 1, message: error.reason))
        }
    }

    /// Parses `text` as `format` (the file's errors located and named `fileName`).
    static func decode(text: String, format: PatternFormat, compressed: Bool, fileName: String?,
                       checkingRule: Bool) throws(PatternReadError) -> DecodedPattern {
        do {
            let document: PatternDocument
            var warnings: [PatternWarning] = []
            switch format {
            case .rle: document = try RLEReader.read(text, warnings: &warnings, checkingRule: checkingRule)
            case .macrocell: document = try MacrocellReader.read(text)
            case .plaintext: document = try PlaintextReader.read(text)
            case .life105: document = try Life105Reader.read(text)
            case .life106: document = try Life106Reader.read(text)
            case .mcell: document = try MCellReader.read(text).twoStateDocument
            }
            if checkingRule { try document.checkRule() }
            return DecodedPattern(document: document, format: format, compressed: compressed,
                                  warnings: warnings.map { var named = $0; named.file = fileName; return named })
        } catch {
            var located = error
            located.file = fileName
            throw .syntax(located)
        }
    }

    /// True when `bytes` hold nothing but white space (and byte-order marks): no pattern.
    static func isBlank(_ bytes: some Sequence<UInt8>) -> Bool {
        bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x0B || $0 == 0x0C || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
    }
}

/// A pattern file being read: raw bytes from a descriptor, inflated when gzip, kept as text up
/// to a limit, with the format decided as soon as the first lines show it.
private struct PatternInput {
    let fd: Int32
    let path: String
    let label: String
    /// The memory limit (for messages) and the most text kept.
    let limit: Int
    let textLimit: Int
    private var inflater: Gzip.Inflater? = nil
    private var atEnd = false
    /// The pattern text so far (inflated when compressed).
    private var text: [UInt8] = []

    init(fd: Int32, path: String, label: String, limit: Int, textLimit: Int) {
        self.fd = fd
        self.path = path
        self.label = label
        self.limit = max(limit, 0)
        self.textLimit = max(textLimit, 0)
    }

    /// The whole text, its format and whether it was compressed.
    mutating func readText() throws(PatternReadError) -> (String, PatternFormat, Bool) {
        // The first bytes: gzip's magic, or text.
        var raw: [UInt8] = []
        while raw.count < PatternCodec.firstChunk {
            let chunk = try next()
            if chunk.isEmpty { atEnd = true; break }
            raw += chunk
        }
        let compressed = raw.count >= 2 && raw[0] == 0x1F && raw[1] == 0x8B
        if compressed {
            do { inflater = try Gzip.Inflater() } catch { throw .gzip(file: label, error) }
        }
        try take(raw)
        if atEnd { try finishInflating() }
        let format = try decideFormat()
        while !atEnd { try more() }
        if PatternCodec.isBlank(text) { throw .empty(file: label) }
        return (String(decoding: text, as: UTF8.self), format, compressed)
    }

    /// The format, reading on while the text is only blank lines and comments (up to the
    /// detection window); else the file name's, when it names one.
    private mutating func decideFormat() throws(PatternReadError) -> PatternFormat {
        let byName = PatternFormat(fileName: label)
        while true {
            let window = text.prefix(PatternCodec.detectionWindow)
            let complete = atEnd || text.count >= PatternCodec.detectionWindow
            switch PatternFormat.detect(prefix: String(decoding: window, as: UTF8.self), isComplete: complete) {
            case .found(let format):
                return format
            case .undecided:
                try more()
                continue
            case .none:
                if atEnd && PatternCodec.isBlank(text) { throw .empty(file: label) }
                guard let byName else { throw .unrecognised(file: label) }
                if !atEnd {
                    // Let the named format's reader locate the problem in the lines read so far,
                    // rather than reading an unbounded stream first.
                    let end = (window.lastIndex(of: 0x0A) ?? window.startIndex - 1) + 1
                    let lines = String(decoding: text[..<end], as: UTF8.self)
                    _ = try PatternCodec.decode(text: lines, format: byName, compressed: inflater != nil,
                                                fileName: label, checkingRule: false)
                }
                return byName
            }
        }
    }

    /// Reads and keeps the next chunk; marks the end.
    private mutating func more() throws(PatternReadError) {
        let chunk = try next()
        if chunk.isEmpty {
            atEnd = true
            try finishInflating()
            return
        }
        try take(chunk)
    }

    /// At the end of the input: a gzip stream must end there too. Checked before anything is
    /// said about the text, so a stream cut inside its header is "truncated", not "empty".
    private func finishInflating() throws(PatternReadError) {
        guard let inflater else { return }
        do { try inflater.finish() } catch { throw .gzip(file: label, error) }
    }

    /// Adds raw bytes to the text (inflating them first when compressed).
    private mutating func take(_ raw: [UInt8]) throws(PatternReadError) {
        if let inflater {
            do { try inflater.inflate(raw, into: &text, limit: textLimit) } catch {
                if text.count > textLimit { throw tooLarge() }
                throw .gzip(file: label, error)
            }
        } else {
            text += raw
        }
        if text.count > textLimit { throw tooLarge() }
    }

    private func tooLarge() -> PatternReadError {
        .tooLarge(file: label, limit: limit, compressed: inflater != nil)
    }

    private func next() throws(PatternReadError) -> [UInt8] {
        do { return try FileIO.readChunk(fd, path: path) } catch { throw .file(error) }
    }
}
