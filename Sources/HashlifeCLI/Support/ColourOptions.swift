import HashlifeEngine
import HashlifeInterface
import HashlifeRendering

extension RenderOptions {
    /// Applies `--live COLOUR` and `--dead COLOUR` (hex, as `#1E90FF`) of `view` and `animate`;
    /// a colour that does not parse is a usage error of `command`.
    mutating func readColours(_ arguments: ParsedArguments, command: String) throws(CommandError) {
        for (option, example) in [("--live", "#1E90FF"), ("--dead", "#FFFFFF")] {
            guard let text = arguments.value(option) else { continue }
            guard let colour = RGB(hex: text) else {
                throw .usage(UsageError(command: command, message: "invalid value for '\(option)': \(Excerpt.quote(text)); expected a colour like \(example)"))
            }
            if option == "--live" { live = colour } else { dead = colour }
        }
    }
}
