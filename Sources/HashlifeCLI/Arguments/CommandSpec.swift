// Declarative description of a subcommand: its positional arguments, its options and the text
// shown by `--help`. `ArgumentParser` parses against it and `HelpFormatter` renders it.

/// An option such as `--gen <N>` (takes a value) or `--json` (a flag).
public struct OptionSpec: Sendable {
    /// Every spelling, e.g. `["--gen", "-g"]`. The first is the primary name: the one that
    /// `ParsedArguments` is queried by and that USAGE and error messages show.
    public var names: [String]
    /// Placeholder for the value, e.g. `"N"`; `nil` makes the option a flag that takes no value.
    public var valueName: String?
    /// One line of help.
    public var help: String
    /// Shown after the help as "(default: …)"; purely descriptive, the parser never fills it in.
    public var defaultDescription: String?
    /// When false (the default), giving the option twice is a usage error.
    public var isRepeatable: Bool
    /// When true, leaving the option out is a usage error ("missing option '--gen'") and USAGE
    /// shows it without brackets.
    public var isRequired: Bool

    public init(
        _ names: [String],
        value valueName: String? = nil,
        help: String,
        default defaultDescription: String? = nil,
        repeatable: Bool = false,
        required: Bool = false
    ) {
        precondition(!names.isEmpty, "an option needs at least one name")
        precondition(names.allSatisfy { $0.hasPrefix("-") && $0 != "-" && $0 != "--" && !$0.contains("=") },
                     "option names start with '-' and contain no '='")
        self.names = names
        self.valueName = valueName
        self.help = help
        self.defaultDescription = defaultDescription
        self.isRepeatable = repeatable
        self.isRequired = required
    }

    /// An option that takes no value, e.g. `.flag(["--json"], help: "Print JSON.")`.
    public static func flag(_ names: [String], help: String) -> OptionSpec {
        OptionSpec(names, help: help)
    }

    /// The first name, by which the parsed value is looked up.
    public var primaryName: String { names[0] }

    /// True when the option takes no value.
    public var isFlag: Bool { valueName == nil }
}

/// A positional argument such as `<FILE>`.
public struct ArgumentSpec: Sendable {
    /// Shown as `<FILE>` and used as the key of `ParsedArguments.positionals`.
    public var name: String
    public var help: String
    /// Optional arguments must come after the required ones: positionals are filled in order.
    public var isOptional: Bool
    /// When true (the last argument only), it takes every further positional too: the first in
    /// `ParsedArguments.positionals`, all of them in `ParsedArguments.allValues(of:)`.
    public var isVariadic: Bool

    public init(_ name: String, help: String, optional: Bool = false, variadic: Bool = false) {
        self.name = name
        self.help = help
        self.isOptional = optional
        self.isVariadic = variadic
    }
}

/// Everything the parser and the help formatter need to know about one subcommand.
///
/// `-h`/`--help` is added automatically and always means help; do not declare those names.
public struct CommandSpec: Sendable {
    /// The subcommand name, e.g. `"run"`.
    public var name: String
    /// One verb-first sentence, e.g. "Compute a pattern's state at a generation."
    public var abstract: String
    /// Paragraphs separated by blank lines. Lines longer than 80 columns are wrapped by the
    /// formatter; shorter lines (already wrapped text) are kept as they are.
    public var discussion: String?
    public var arguments: [ArgumentSpec]
    public var options: [OptionSpec]
    /// Lines for the EXAMPLES section, printed indented and never wrapped.
    public var examples: [String]

    public init(
        name: String,
        abstract: String,
        discussion: String? = nil,
        arguments: [ArgumentSpec] = [],
        options: [OptionSpec] = [],
        examples: [String] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.examples = examples
    }

    /// The option `-h, --help` that every command accepts.
    static let helpOption = OptionSpec.flag(["--help", "-h"], help: "Show help information.")

    /// "hashlife run"; just the program name when the spec has no name.
    func commandName(programName: String) -> String {
        name.isEmpty ? programName : "\(programName) \(name)"
    }
}
