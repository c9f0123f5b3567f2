import HashlifeEngine
import HashlifeFormats

/// `hashlife convert IN OUT`.
enum ConvertCommand: Subcommand {
    static let spec = CommandSpec(
        name: "convert",
        abstract: "Convert a pattern file to another format.",
        discussion: """
            Reads any supported format (detected from the content, not just the name) and writes \
            OUT in the format its extension names: .rle, .mc (Macrocell), .cells (plaintext) or \
            .lif (Life 1.06), gzip-compressed when the name ends in .gz. Position, generation, \
            rule, name and comments are kept where the output format can hold them. Macrocell is \
            written from the quadtree without expanding cells, so huge patterns convert quickly; \
            the cell-by-cell formats refuse patterns too large to list. OUT is written to a \
            temporary name, synced and renamed; a symbolic link is followed and its target \
            replaced; a FIFO or character device (/dev/stdout) is written directly; directories, \
            sockets and block devices are refused. Patterns under multi-state rules \
            (Generations, History, Super) are written as RLE or Macrocell, the formats that hold \
            states.
            """,
        arguments: [
            ArgumentSpec("IN", help: "Pattern file to read, or '-' for standard input."),
            ArgumentSpec("OUT", help: "File to write, or '-' for standard output (RLE unless --format)."),
        ],
        options: [
            OptionSpec(["--format", "-f"], value: "F", help: "Output format: rle, mc, cells or lif.", default: "from OUT's extension"),
            RulesOption.spec,
        ],
        examples: [
            "hashlife convert patterns/gosper-glider-gun.rle gun.mc",
            "hashlife convert pattern.mc.gz pattern.rle",
            "hashlife convert patterns/glider.rle - --format cells",
        ]
    )

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandError) {
        let command = "hashlife convert"
        let input = arguments.positionals["IN"]!, output = arguments.positionals["OUT"]!
        let format = try PatternFiles.outputFormat(for: output, format: arguments.value("--format"), command: command, option: "OUT")
        let destination = try OutputFile(output)
        // No steps: the load grows the store past any limit as it needs, so the default serves.
        let file = try PatternFiles.open(input, rule: nil, memoryLimit: MemoryLimit.defaultBytes, threads: 1)
        try PatternFiles.checkFormat(format, holds: file.universe.anyRule, output: destination, command: command)
        try PatternFiles.write(file.universe, to: destination, format: format, metadata: file.metadata, context: context)
    }
}
