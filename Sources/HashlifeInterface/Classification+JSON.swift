import HashlifeAnalysis

extension Classification {
    /// The JSON of `hashlife classify --json` (and `board final --json`): verdict, generation,
    /// then period, dx, dy, speed, escaping, increment and evidence where they apply, then
    /// population; big numbers (generation, increment, population) as decimal strings.
    public var json: JSONValue {
        var fields: [(String, JSONValue)] = [("verdict", .string(verdict.name)), ("generation", .string(verdict.generation.description))]
        switch verdict {
        case .extinct, .undetermined:
            break
        case .still:
            fields.append(("period", .int(1)))
        case .oscillator(_, let p):
            fields.append(("period", .int(p)))
        case .spaceship(_, let p, let dx, let dy, let speed):
            fields += [("period", .int(p)), ("dx", .int(dx)), ("dy", .int(dy)), ("speed", .string(speed))]
        case .settled(_, let p, let ships):
            fields.append(("period", .int(p)))
            fields.append(("escaping", .fields([("glider", .int(ships.gliders)), ("lwss", .int(ships.lwss)),
                                                ("mwss", .int(ships.mwss)), ("hwss", .int(ships.hwss))])))
        case .growing(_, let p, let increment, let evidence):
            fields += [("period", .int(p)), ("increment", .string(increment.description)), ("evidence", .string(evidence))]
        }
        fields.append(("population", .string(population.description)))
        return .fields(fields)
    }
}
