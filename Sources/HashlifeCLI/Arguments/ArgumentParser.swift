import HashlifeEngine
import HashlifeInterface

// Parses the arguments that follow a subcommand name against its `CommandSpec`.
//
// Rules:
// - `--opt value`, `--opt=value`, `-g value` and `-g=value`; no clustering of short flags.
// - An option that takes a value consumes the next argument whatever it is, so values may start
//   with '-' (`--rect -5,-5,10,10`). Only the end of the list leaves it without a value.
// - Flags take no value: `--json=x` is an error.
// - `--` ends options; everything after it is positional. A lone `-` is positional (stdin).
// - Any other argument starting with '-' is an option, so an unknown one is an error.
// - `-h`/`--help` anywhere (as an option, not as an option's value or after `--`) sets
//   `helpRequested`, and then no usage error is reported at all, so help can be shown.
// - Otherwise the first mistake met, left to right, is thrown; then missing positionals in
//   declared order; then missing required options in declared order.

/// The result of parsing: positionals by name, option values by primary name.
public struct ParsedArguments: Sendable {
    /// Values of positional arguments, keyed by `ArgumentSpec.name`; absent when not given.
    public var positionals: [String: String]
    /// True when `-h` or `--help` was given.
    public var helpRequested: Bool
    /// Every value of a variadic positional argument, in order, keyed by its name.
    public var variadicValues: [String: [String]] = [:]

    /// Values of options that take one, in command-line order, keyed by primary name.
    var optionValues: [String: [String]]
    /// Primary names of the flags that were given.
    var givenFlags: Set<String>
    /// Every option name (primary or not) → primary name.
    var primaryNames: [String: String]

    init(positionals: [String: String] = [:], helpRequested: Bool = false,
         optionValues: [String: [String]] = [:], givenFlags: Set<String> = [],
         primaryNames: [String: String] = [:]) {
        self.positionals = positionals
        self.helpRequested = helpRequested
        self.optionValues = optionValues
        self.givenFlags = givenFlags
        self.primaryNames = primaryNames
    }

    private func primary(_ name: String) -> String { primaryNames[name] ?? name }

    /// The last (or only) value given for an option, e.g. `value("--gen")`; nil when absent.
    /// Any of the option's names works, but the primary name is the intended key.
    public func value(_ primaryName: String) -> String? {
        optionValues[primary(primaryName)]?.last
    }

    /// Every value given for a (repeatable) option, in command-line order.
    public func values(_ primaryName: String) -> [String] {
        optionValues[primary(primaryName)] ?? []
    }

    /// Whether a flag was given.
    public func flag(_ primaryName: String) -> Bool {
        givenFlags.contains(primary(primaryName))
    }
}

public enum ArgumentParser {
    /// Parses the arguments that follow the subcommand name. `programName` is e.g. "hashlife".
    public static func parse(
        _ arguments: [String], for spec: CommandSpec, programName: String
    ) throws(UsageError) -> ParsedArguments {
        let helpOption = CommandSpec.helpOption
        // The help option comes first so that its names always mean help.
        let options = [helpOption] + spec.options
        var optionIndex: [String: Int] = [:]
        var primaryNames: [String: String] = [:]
        for (index, option) in options.enumerated() {
            for name in option.names where optionIndex[name] == nil {
                optionIndex[name] = index
                primaryNames[name] = option.primaryName
            }
        }

        var result = ParsedArguments(primaryNames: primaryNames)
        var firstError: String?
        var seen = Set<Int>()
        var positionalCount = 0
        var optionsEnded = false
        var position = 0

        func record(_ message: String) {
            if firstError == nil { firstError = message }
        }

        func addPositional(_ argument: String) {
            if positionalCount < spec.arguments.count {
                result.positionals[spec.arguments[positionalCount].name] = argument
                if spec.arguments[positionalCount].isVariadic { result.variadicValues[spec.arguments[positionalCount].name, default: []].append(argument) }
            } else if let last = spec.arguments.last, last.isVariadic {
                result.variadicValues[last.name, default: []].append(argument)
            } else {
                record("unexpected argument \(Excerpt.quote(argument))")
            }
            positionalCount += 1
        }

        while position < arguments.count {
            let argument = arguments[position]
            position += 1

            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                addPositional(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }

            let name: String
            let inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            } else {
                name = argument
                inlineValue = nil
            }

            guard let index = optionIndex[name] else {
                record(unknownOptionMessage(name, options: options))
                continue
            }
            let option = options[index]
            if seen.contains(index) && !option.isRepeatable && index != 0 {
                record("option '\(option.primaryName)' given more than once")
            }
            seen.insert(index)

            if option.isFlag {
                if inlineValue != nil {
                    record("option '\(name)' does not take a value")
                } else if index == 0 {
                    result.helpRequested = true
                } else {
                    result.givenFlags.insert(option.primaryName)
                }
                continue
            }

            let value: String
            if let inlineValue {
                value = inlineValue
            } else if position < arguments.count {
                value = arguments[position]
                position += 1
            } else {
                record("missing value for option '\(name)'")
                continue
            }
            result.optionValues[option.primaryName, default: []].append(value)
        }

        if result.helpRequested {
            result.givenFlags.insert(helpOption.primaryName)
            return result
        }

        let command = spec.commandName(programName: programName)
        if let firstError {
            throw UsageError(command: command, message: firstError)
        }
        for argument in spec.arguments where !argument.isOptional && result.positionals[argument.name] == nil {
            throw UsageError(command: command, message: "missing argument \(argument.name)")
        }
        for (index, option) in options.enumerated() where option.isRequired && !seen.contains(index) {
            throw UsageError(command: command, message: "missing option '\(option.primaryName)'")
        }
        return result
    }

    /// "unknown option '--frob'", plus "; did you mean '--from'?" when a long name of the
    /// command is within edit distance 2 (the closest one; the first declared on a tie).
    static func unknownOptionMessage(_ name: String, options: [OptionSpec]) -> String {
        var message = "unknown option \(Excerpt.quote(name))"
        var best: (name: String, distance: Int)?
        for option in options.dropFirst() + [options[0]] where name.count <= 64 {
            for candidate in option.names where candidate.hasPrefix("--") {
                let distance = editDistance(name, candidate)
                if distance <= 2 && distance < (best?.distance ?? Int.max) {
                    best = (candidate, distance)
                }
            }
        }
        if let best {
            message += "; did you mean '\(best.name)'?"
        }
        return message
    }

    /// Levenshtein distance between two strings, counted in characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
