import HashlifeEngine
import HashlifeInterface
import HashlifeFormats
import HashlifeRendering

/// `hashlife rules list|show NAME|install FILE`: the rule files that rule names resolve to.
enum RulesCommand: Subcommand {
    static let spec = CommandSpec(
        name: "rules",
        abstract: "List the rule files found, show what one says, or install rule files.",
        discussion: """
            Rule names that are no built-in rule are looked up as NAME.rule, in order: each \
            --rules DIR, the folders of $HASHLIFE_RULES (separated by ':'), \
            $XDG_DATA_HOME/hashlife/rules, then Golly's ~/.golly/Rules, /usr/share/golly/Rules \
            and /usr/local/share/golly/Rules (and, when a pattern is read, its own folder first).

              list           every folder searched, in order, with the rule files it holds; a \
            name an earlier folder also has is marked as hidden
              show NAME      what the rule file NAME resolves to says: where it is, its states, \
            neighbourhood, state names and colours
              install FILE   copies FILE.rule, or every .rule file of a ZIP archive, into \
            $XDG_DATA_HOME/hashlife/rules (each file written whole or not at all); each is read \
            first, and a file that does not read is refused with its line and reason
            """,
        arguments: [
            ArgumentSpec("ACTION", help: "list, show or install."),
            ArgumentSpec("OPERAND", help: "The rule NAME (show) or the FILE.rule or ARCHIVE.zip (install).", optional: true),
        ],
        options: [RulesOption.spec],
        examples: ["hashlife rules list", "hashlife rules show WireWorld --rules patterns/wireworld",
                   "hashlife rules install patterns/wireworld/WireWorld.rule"]
    )

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandError) {
        let command = "hashlife rules"
        let action = arguments.positionals["ACTION"]!, operand = arguments.positionals["OPERAND"]
        switch action {
        case "list":
            guard operand == nil else { throw .usage(UsageError(command: command, message: "'list' takes no operand")) }
            context.standardOutput(list())
        case "show":
            guard let operand else { throw .usage(UsageError(command: command, message: "'show' needs a rule NAME")) }
            context.standardOutput(try show(operand))
        case "install":
            guard let operand else { throw .usage(UsageError(command: command, message: "'install' needs a FILE.rule or ARCHIVE.zip")) }
            context.standardOutput(try install(operand, environment: context.environment))
        default:
            throw .usage(UsageError(command: command, message: "unknown action \(Excerpt.quote(action)); expected list, show or install"))
        }
    }

    /// Every folder of the search order with its rule files; folders that are absent or hold
    /// none are named on one line at the end.
    static func list() -> String {
        var text = "", empty: [String] = [], seen = Set<String>()
        for folder in RuleFolders.current.searchOrder {
            let names = ((try? DataFolders.entries(of: folder)) ?? []).filter { $0.hasSuffix(".rule") }.sorted()
            guard !names.isEmpty else { empty.append(folder); continue }
            text += folder + "\n"
            for file in names {
                let name = String(file.dropLast(5))
                var line = "  " + name
                if let bytes = try? FileIO.read(folder + "/" + file) {
                    do throws(RuleFileError) {
                        let rule = try RuleFile.parse(String(decoding: bytes, as: UTF8.self), fileName: file)
                        line += rule.transitions.map { "  \($0.stateCount) states" } ?? "  names and colours only"
                    } catch {
                        line += "  unreadable: \(error.reason)"
                    }
                }
                if !seen.insert(name).inserted { line += "  (hidden by an earlier folder)" }
                text += line + "\n"
            }
        }
        if !empty.isEmpty { text += "no rule files in: " + empty.joined(separator: ", ") + "\n" }
        return text
    }

    /// What the rule `name` resolves to.
    static func show(_ name: String) throws(CommandError) -> String {
        let rule: MultiStateRule
        do { rule = try RuleFolders.current.resolve(name) } catch { throw .failure(error.description) }
        guard let compiled = rule.ruleFile else { throw .failure("\(Excerpt.quote(name)) is not a rule file's rule") }
        let fileName = RuleFolders.fileName(for: String(name.prefix { $0 != ":" }))
        let place = RuleFolders.current.searchOrder.map { $0 + "/" + fileName }.first { FileIO.isRegularFile($0) }
        let file = compiled.file
        var lines: [(String, String)] = [("rule", rule.description), ("file", place ?? "(inside the pattern)"),
                                         ("states", String(rule.stateCount))]
        switch file.transitions {
        case .table(let table)?: lines.append(("neighbourhood", table.neighbourhood.rawValue + " (@TABLE)"))
        case .tree?: lines.append(("neighbourhood", "\(compiled.neighbours) neighbours (@TREE)"))
        case nil: break
        }
        // Each state with its name and colour (the file's, else Golly's gradient).
        let palette = StatePalette(rule: rule).colors
        for state in 0..<rule.stateCount {
            let name = file.stateNames[state].map { " " + $0 } ?? ""
            lines.append((state == 0 ? "by state" : "", "\(state)\(name): \(palette[state])"))
        }
        return lines.map { key, value in
            let label = key.isEmpty ? "" : key + ":"
            return label + String(repeating: " ", count: max(15 - label.count, 1)) + value
        }.joined(separator: "\n") + "\n"
    }

    /// Copies `path` (a .rule file, or every .rule file of an archive) into the user's rule
    /// folder, each read first and written atomically.
    static func install(_ path: String, environment: [String: String]) throws(CommandError) -> String {
        guard let data = DataFolders.data(environment) else {
            throw .failure("no folder to install into: neither $XDG_DATA_HOME nor $HOME is set")
        }
        let folder = data + "/rules"
        var files: [(name: String, bytes: [UInt8])] = []
        do {
            if let location = PatternArchive.location(of: path), location.inner == nil {
                let archive = try PatternArchive(path: path, limit: 1 << 28)
                for entry in archive.rules {
                    do { files.append((String(entry.fileName), try archive.archive.contents(of: entry, limit: 1 << 28))) } catch {
                        throw PatternReadError.archive(file: path, error)
                    }
                }
                if files.isEmpty { throw CommandError.failure("\(path): the archive holds no .rule file") }
            } else {
                guard path.hasSuffix(".rule") else { throw CommandError.failure("\(path): not a .rule file or a ZIP archive") }
                files.append((String(path.split(separator: "/").last ?? Substring(path)), try FileIO.read(path)))
            }
            for file in files { _ = try RuleFile.parse(String(decoding: file.bytes, as: UTF8.self), fileName: path + (files.count > 1 ? ":" + file.name : "")) }
            try DataFolders.makeFolders(folder)
            for file in files { try FileIO.writeAtomically(file.bytes, to: folder + "/" + file.name) }
        } catch let error as CommandError {
            throw error
        } catch {
            throw .failure("\(error)")
        }
        return files.map { "installed \($0.name) in \(folder)\n" }.joined()
    }
}
