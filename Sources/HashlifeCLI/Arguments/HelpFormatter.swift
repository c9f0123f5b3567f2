// Renders `--help` text in the shape of swift-argument-parser:
//
//   OVERVIEW: <abstract>
//
//   <discussion>
//
//   USAGE: hashlife run <FILE> --gen <N> [--rule <R>] [--json]
//
//   ARGUMENTS:
//     <FILE>                  Pattern file to read.
//
//   OPTIONS:
//     -g, --gen <N>           Generation to compute.
//     -h, --help              Show help information.
//
//   EXAMPLES:
//     hashlife run glider.rle --gen 100
//
// Text is wrapped at 80 columns. In ARGUMENTS, OPTIONS and SUBCOMMANDS the label column is
// indented 2 and padded to 24, so help starts at column 26 and continues there; a label too
// long for the column gets a line of its own. The returned text ends with one newline, ready to
// be written to standard output as it is.

public enum HelpFormatter {
    static let width = 80
    static let labelIndent = 2
    static let labelWidth = 24
    static var helpColumn: Int { labelIndent + labelWidth }

    public static func help(for spec: CommandSpec, programName: String) -> String {
        var sections: [String] = []
        sections.append(wrapText("OVERVIEW: " + spec.abstract))
        if let discussion = spec.discussion, !discussion.allSatisfy(\.isWhitespace) {
            sections.append(wrapText(discussion))
        }
        sections.append(usage(for: spec, programName: programName))

        if !spec.arguments.isEmpty {
            let rows = spec.arguments.map { row(label: "<\($0.name)>", help: $0.help) }
            sections.append((["ARGUMENTS:"] + rows).joined(separator: "\n"))
        }

        let options = spec.options + [CommandSpec.helpOption]
        let optionRows = options.map { option in
            var help = option.help
            if let defaultDescription = option.defaultDescription {
                help += help.isEmpty ? "(default: \(defaultDescription))" : " (default: \(defaultDescription))"
            }
            return row(label: optionLabel(option), help: help)
        }
        sections.append((["OPTIONS:"] + optionRows).joined(separator: "\n"))

        if !spec.examples.isEmpty {
            let lines = spec.examples.map { String(repeating: " ", count: labelIndent) + $0 }
            sections.append((["EXAMPLES:"] + lines).joined(separator: "\n"))
        }
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// Top-level help: OVERVIEW, USAGE: hashlife <subcommand>, SUBCOMMANDS (name + abstract),
    /// and a closing line "See 'hashlife help <subcommand>' for detailed help."
    /// `options` (the program's own, such as `--version`) get an OPTIONS section when given.
    public static func rootHelp(programName: String, overview: String, subcommands: [CommandSpec], options: [OptionSpec] = []) -> String {
        var sections: [String] = []
        sections.append(wrapText("OVERVIEW: " + overview))
        sections.append("USAGE: \(programName) <subcommand>")
        if !options.isEmpty {
            sections.append((["OPTIONS:"] + options.map { row(label: optionLabel($0), help: $0.help) }).joined(separator: "\n"))
        }
        let rows = subcommands.map { row(label: $0.name, help: $0.abstract) }
        sections.append((["SUBCOMMANDS:"] + rows).joined(separator: "\n"))
        sections.append("See '\(programName) help <subcommand>' for detailed help.")
        return sections.joined(separator: "\n\n") + "\n"
    }

    // MARK: - Pieces

    /// "USAGE: hashlife run <FILE> --gen <N> [--rule <R>]": positionals, then options in declared
    /// order; optional ones in brackets, repeatable ones followed by "...". Wrapped at 80 columns
    /// without splitting an element, continuing under the first element.
    static func usage(for spec: CommandSpec, programName: String) -> String {
        var elements: [String] = []
        for argument in spec.arguments {
            let element = "<\(argument.name)>" + (argument.isVariadic ? " ..." : "")
            elements.append(argument.isOptional ? "[\(element)]" : element)
        }
        for option in spec.options {
            var element = option.primaryName
            if let valueName = option.valueName { element += " <\(valueName)>" }
            if option.isRepeatable { element += " ..." }
            elements.append(option.isRequired ? element : "[\(element)]")
        }
        let prefix = "USAGE: " + spec.commandName(programName: programName)
        let indent = prefix.count + 1 <= width / 2 ? prefix.count + 1 : "USAGE: ".count
        let lines = fill(elements, firstWidth: width - prefix.count - 1, restWidth: width - indent)
        guard let first = lines.first else { return prefix }
        let rest = lines.dropFirst().map { String(repeating: " ", count: indent) + $0 }
        return ([prefix + " " + first] + rest).joined(separator: "\n")
    }

    /// "-g, --gen <N>": short names first, then long names, then the value placeholder.
    static func optionLabel(_ option: OptionSpec) -> String {
        let short = option.names.filter { !$0.hasPrefix("--") }
        let long = option.names.filter { $0.hasPrefix("--") }
        var label = (short + long).joined(separator: ", ")
        if let valueName = option.valueName { label += " <\(valueName)>" }
        return label
    }

    /// One entry of ARGUMENTS, OPTIONS or SUBCOMMANDS: the label padded to the help column and
    /// the help wrapped with a hanging indent. Labels leaving fewer than two spaces before the
    /// help column get their own line.
    static func row(label: String, help: String) -> String {
        let helpLines = fill(words(help[...]), firstWidth: width - helpColumn, restWidth: width - helpColumn)
        let indentedLabel = String(repeating: " ", count: labelIndent) + label
        let pad = String(repeating: " ", count: helpColumn)
        guard let firstHelp = helpLines.first else { return indentedLabel }
        var lines: [String] = []
        if indentedLabel.count + 2 <= helpColumn {
            lines.append(indentedLabel + String(repeating: " ", count: helpColumn - indentedLabel.count) + firstHelp)
        } else {
            lines.append(indentedLabel)
            lines.append(pad + firstHelp)
        }
        lines += helpLines.dropFirst().map { pad + $0 }
        return lines.joined(separator: "\n")
    }

    // MARK: - Wrapping

    /// Wraps free text at 80 columns, line by line: existing line breaks and blank lines are
    /// kept, trailing spaces dropped, and only lines longer than 80 columns are re-filled.
    /// Continuation lines keep the line's indentation, plus two for "- " and "* " bullets.
    static func wrapText(_ text: String) -> String {
        var output: [String] = []
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = Substring(rawLine)
            while let last = line.last, last == " " || last == "\t" || last == "\r" { line = line.dropLast() }
            if line.count <= width {
                output.append(String(line))
                continue
            }
            let body = line.drop { $0 == " " }
            let leading = line.count - body.count
            let hanging = leading + (body.hasPrefix("- ") || body.hasPrefix("* ") ? 2 : 0)
            let lines = fill(words(body), firstWidth: width - leading, restWidth: width - hanging)
            for (index, wrapped) in lines.enumerated() {
                output.append(String(repeating: " ", count: index == 0 ? leading : hanging) + wrapped)
            }
        }
        return output.joined(separator: "\n")
    }

    static func words(_ text: Substring) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).map { String($0) }
    }

    /// Greedy fill: joins elements with single spaces into lines no longer than the width; an
    /// element longer than the width gets a line of its own rather than being split.
    static func fill(_ elements: [String], firstWidth: Int, restWidth: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for element in elements {
            let limit = lines.isEmpty ? firstWidth : restWidth
            if current.isEmpty {
                current = element
            } else if current.count + 1 + element.count <= limit {
                current += " " + element
            } else {
                lines.append(current)
                current = element
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
