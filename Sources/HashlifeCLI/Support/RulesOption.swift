import HashlifeEngine
import HashlifeInterface
import HashlifeFormats

/// `--rules DIR` (repeatable), taken by every command that reads a pattern: folders searched
/// first for the `.rule` files that rule names refer to (`RuleFolders`), whatever the pattern's
/// rule, so scripts can always pass it.
enum RulesOption {
    static let name = "--rules"

    static let spec = OptionSpec(
        [name], value: "DIR",
        help: "A folder of rule files (NAME.rule, Golly's format: @TABLE or @TREE) to look rule names up in, before $HASHLIFE_RULES, $XDG_DATA_HOME/hashlife/rules, the pattern's folder, ~/.golly/Rules, /usr/share/golly/Rules and /usr/local/share/golly/Rules. Repeatable; searched in the order given.",
        repeatable: true
    )

    /// The folders rule names are looked up in for this command line: `--rules` folders, then
    /// those of `context.environment`.
    /// - Throws: a usage error (exit 64) for a `--rules` value that is not an existing folder.
    static func folders(_ arguments: ParsedArguments, command: String, context: CommandContext) throws(CommandError) -> RuleFolders {
        let folders = arguments.values(name)
        for folder in folders where !RuleFolders.isFolder(folder) {
            throw .usage(UsageError(command: command, message: "invalid value for '--rules': \(Excerpt.quote(folder)) is not a folder; did you mean --rule?"))
        }
        return RuleFolders(explicit: folders, environment: context.environment)
    }
}
