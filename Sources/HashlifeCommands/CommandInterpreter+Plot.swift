// `plot`: the population over the session's steps, as a sparkline in text and,
// with `out FILE.svg|FILE.png`, as a chart drawn by the shared `PopulationPlot`.

import HashlifeEngine
import HashlifeFormats
import HashlifeRendering
import HashlifeEditing
import HashlifeInterface

extension CommandInterpreter {
    static let plotCommands: [InterpreterCommand] = [
        InterpreterCommand("plot", usage: "plot [log] [out FILE.svg|FILE.png]",
                    "Population after each step in the history (and now): a sparkline of the last \(sparklineWidth), min and max; 'out' draws a chart (log: logarithmic axes).") { r, a throws(CommandError) in try r.plot(a) },
    ]

    /// Most characters in the sparkline (the latest samples).
    static let sparklineWidth = 60

    func plot(_ a: [String]) throws(CommandError) -> Answer {
        var words = a[...]
        var logarithmic = false
        var out: String?
        while let word = words.first {
            words = words.dropFirst()
            switch word.lowercased() {
            case "log": logarithmic = true
            case "out":
                guard let path = words.first, out == nil else { throw .usage(command("plot")) }
                out = path
                words = words.dropFirst()
            default: throw .usage(command("plot"))
            }
        }
        let samples = populationSeries()
        let populations = samples.map(\.population)
        var lines = [Self.sparkline(Array(populations.suffix(Self.sparklineWidth)))]
        let low = populations.min()!, high = populations.max()!
        lines.append("\(Plural.count(samples.count, "sample")): generation \(samples.first!.generation) to \(samples.last!.generation), population \(low) to \(high)")
        if let out {
            let lower = out.lowercased()
            guard lower.hasSuffix(".svg") || lower.hasSuffix(".png") else {
                throw CommandError(SessionError.Kind.argument, "cannot tell the chart format from \(Excerpt.quote(out)); use .svg or .png")
            }
            let title = session.patternName ?? session.path.map { String($0.split(separator: "/").last ?? "") } ?? "population"
            let chart = PopulationPlot(title: title, samples: samples, logarithmic: logarithmic)
            let bytes = lower.hasSuffix(".svg") ? Array(chart.svg().utf8) : chart.png()
            do { try FileIO.writeAtomically(bytes, to: out) } catch { throw CommandError(SessionError.Kind.file, error.description) }
            lines.append("wrote \(out)")
        }
        return Answer(lines: lines, fields: [
            .init("sparkline", .string(lines[0])),
            .init("samples", .array(samples.map { .fields([("generation", .string($0.generation.description)), ("population", .string($0.population.description))]) })),
        ])
    }

    /// The generation and population after each step (and goto) still in the history, oldest
    /// first, then the current state when it differs from the last of them (an edit since, or
    /// no step yet).
    func populationSeries() -> [PopulationPlot.Sample] {
        var samples = session.undoHistory.filter(\.isStep).map { PopulationPlot.Sample(generation: $0.generation, population: $0.population) }
        let now = PopulationPlot.Sample(generation: session.universe.generation, population: session.universe.population)
        if samples.last != now { samples.append(now) }
        return samples
    }

    /// One character per value, `▁` for the smallest to `█` for the largest (linear, exact:
    /// level = ⌊(v − min) · 7 / (max − min)⌋); all `▄` when every value is the same.
    static func sparkline(_ values: [BigUInt]) -> String {
        let glyphs: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        guard let low = values.min(), let high = values.max() else { return "" }
        guard high > low else { return String(repeating: glyphs[3], count: values.count) }
        let range = high - low
        return String(values.map { value in
            glyphs[((value - low) * BigUInt(7)).quotientAndRemainder(dividingBy: range).quotient.intValue!]
        })
    }
}
