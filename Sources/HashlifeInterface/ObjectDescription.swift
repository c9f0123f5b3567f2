import HashlifeAnalysis
import HashlifeEngine

/// What `identify` says of a still life, oscillator or spaceship, in the three forms the
/// program prints it: `hashlife identify`'s aligned lines, its JSON object, and the one line the
/// REPL and the app answer with.
public struct ObjectDescription: Sendable {
    /// The object, from the generation it is periodic.
    public let object: PeriodicObject
    /// Its apgcode.
    public let apgcode: String
    /// Its usual name, for the well-known objects of B3/S23 (and of History and Super rules
    /// over B3/S23, `Apgcode.namesObjects(under:)`).
    public let name: String?
    /// "still", "oscillator", "spaceship", or "extinct" (the empty pattern, a still life of
    /// no cells).
    public let kind: String
    /// The generation from which it is periodic.
    public let generation: BigUInt

    /// The description of `object`, found periodic by `classification` under `rule` (of any
    /// family: under a multi-state rule the object's phases are its live cells).
    public init(_ object: PeriodicObject, classification: Classification, rule: AnyRule) {
        self.object = object
        apgcode = object.apgcode()
        name = Apgcode.namesObjects(under: rule) ? Apgcode.name(of: apgcode) : nil
        if case .extinct = classification.verdict { kind = "extinct" } else { kind = object.kind.rawValue }
        generation = classification.verdict.generation
    }

    /// The fields of the JSON answer: `apgcode`, `name` (when known), `kind`, `generation`,
    /// `period`, `dx`, `dy`, `speed` (spaceships), `population` (`min`, `max`), `bounds`
    /// (`width`, `height`; not for spaceships), and for oscillators `rotor`, `stator`, `heat`,
    /// `volatility`, `strict_volatility`.
    public var fields: [(String, JSONValue)] {
        var fields: [(String, JSONValue)] = [("apgcode", .string(apgcode))]
        if let name { fields.append(("name", .string(name))) }
        fields += [("kind", .string(kind)), ("generation", .string(generation.description)),
                   ("period", .int(object.period)), ("dx", .int(object.dx)), ("dy", .int(object.dy))]
        if let speed = object.speed { fields.append(("speed", .string(speed))) }
        let range = object.populationRange
        fields.append(("population", .fields([("min", .int(range.lowerBound)), ("max", .int(range.upperBound))])))
        if let box = object.boundingBox, object.kind != .spaceship {
            fields.append(("bounds", .fields([("width", .int(box.width)), ("height", .int(box.height))])))
        }
        if object.kind == .oscillator, let statistics = object.statistics {
            fields += [("rotor", .int(statistics.rotor)), ("stator", .int(statistics.stator)), ("heat", .double(statistics.heat)),
                       ("volatility", .double(statistics.volatility)), ("strict_volatility", .double(statistics.strictVolatility))]
        }
        return fields
    }

    /// Labelled lines ("apgcode", "xp2_7"), …; "from generation" is listed when the object is
    /// periodic only from a generation other than `start`.
    public func lines(start: BigUInt) -> [(label: String, value: String)] {
        var lines: [(label: String, value: String)] = [("apgcode", apgcode)]
        if let name { lines.append(("name", name)) }
        lines.append(("kind", kind == "still" ? "still life" : kind))
        if generation != start { lines.append(("from generation", generation.description)) }
        lines.append(("period", "\(object.period)"))
        if let speed = object.speed {
            lines.append(("displacement", "(\(object.dx), \(object.dy))"))
            lines.append(("speed", speed))
        }
        lines.append(("population", populationText))
        if let box = object.boundingBox, object.kind != .spaceship { lines.append(("bounding box", "\(box.width)x\(box.height)")) }
        if object.kind == .oscillator, let statistics = object.statistics {
            lines += [("rotor", Self.cells(statistics.rotor)), ("stator", Self.cells(statistics.stator)),
                      ("heat", Self.decimal(statistics.heat, places: 2)), ("volatility", Self.decimal(statistics.volatility, places: 3)),
                      ("strict volatility", Self.decimal(statistics.strictVolatility, places: 3))]
        }
        return lines
    }

    /// `lines(start:)` as text, the values aligned after their labels.
    public func text(start: BigUInt) -> String {
        let lines = lines(start: start)
        let width = lines.map(\.label.count).max()! + 2
        return lines.map { $0.label + ":" + String(repeating: " ", count: width - $0.label.count - 1) + $0.value }.joined(separator: "\n")
    }

    /// One line: "xp15_4r4z4r4 (pentadecathlon): oscillator, period 15, population 12 to 40,
    /// 16x9, rotor 80, stator 0, heat 22.4, volatility 1".
    public var summary: String {
        var parts: [String] = []
        if generation.isZero { parts.append(kind == "still" ? "still life" : kind) } else {
            parts.append("\(kind == "still" ? "still life" : kind) from generation \(generation)")
        }
        if object.kind != .still { parts.append("period \(object.period)") }
        if let speed = object.speed { parts.append(speed) }
        parts.append("population \(populationText)")
        if let box = object.boundingBox, object.kind == .oscillator { parts.append("\(box.width)x\(box.height)") }
        if object.kind == .oscillator, let statistics = object.statistics {
            parts += ["rotor \(statistics.rotor)", "stator \(statistics.stator)", "heat \(Self.decimal(statistics.heat, places: 2))",
                      "volatility \(Self.decimal(statistics.volatility, places: 3))"]
        }
        return apgcode + (name.map { " (\($0))" } ?? "") + ": " + parts.joined(separator: ", ")
    }

    var populationText: String {
        let range = object.populationRange
        return range.lowerBound == range.upperBound ? "\(range.lowerBound)" : "\(range.lowerBound) to \(range.upperBound)"
    }

    /// "1 cell", "24 cells".
    public static func cells(_ count: Int) -> String { Plural.count(count, "cell") }

    /// `value` rounded to `places` decimals, without trailing zeros ("42.67", "0.8", "1").
    public static func decimal(_ value: Double, places: Int) -> String {
        var scale = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = Int((value * Double(scale)).rounded())
        let whole = scaled / scale, fraction = scaled % scale
        guard fraction != 0 else { return "\(whole)" }
        var digits = String(fraction)
        digits = String(repeating: "0", count: places - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(whole).\(digits)"
    }
}
