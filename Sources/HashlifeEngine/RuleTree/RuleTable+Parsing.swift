// RuleTable+Parsing.swift — the lines of a @TABLE section to a `RuleTable`, as Golly's
// ruletable_algo reads them.
//
//   - '#' starts a comment anywhere; blank lines are skipped; lines are trimmed;
//   - `n_states:N` (2…256), `neighborhood:NAME`, `symmetries:NAME`: keywords are case-
//     insensitive prefixes, values exact; all three before the first `var` or transition, and
//     symmetries after neighborhood;
//   - `var name={a,b,…}`: states or earlier variables (their states appended); a later `var`
//     of the same name replaces it;
//   - a transition: fields separated by commas, spaces or tabs, inputs then the output, extra
//     fields ignored; or, with 10 states or fewer, no variable defined yet and no comma on the
//     line, one digit a field ("012345");
//   - a variable used more than once among a transition's fields is bound: the transition is
//     expanded over its values (the alphabetically first bound variable changing fastest);
//     the output is a state, a single-state variable or a bound variable.

extension RuleTable {
    /// Parses a @TABLE section's lines (each with its 1-based line number) from `fileName`.
    static func parse(_ lines: ArraySlice<(Int, Substring)>, fileName: String) throws(RuleFileError) -> RuleTable {
        var stateCount: Int? = nil
        var neighbourhood: Neighbourhood? = nil
        var symmetry: Symmetry? = nil
        var variables: [String: [UInt8]] = [:]
        var transitions: [Transition] = []
        var lastLine = lines.first?.0 ?? 1

        func fail(_ line: Int, _ reason: String) -> RuleFileError { RuleFileError(file: fileName, line: line, reason: reason) }
        func hasKeyword(_ line: Substring, _ keyword: String) -> Bool {
            line.count >= keyword.count && line.prefix(keyword.count).lowercased() == keyword
        }

        for (number, raw) in lines {
            lastLine = number
            let line = RuleFile.stripped(raw)
            if line.isEmpty { continue }
            if hasKeyword(line, "n_states:") {
                let value = line.dropFirst(9).trimmingCharacters(" \t")
                let digits = value.prefix { $0.isASCII && $0.isNumber }
                guard !digits.isEmpty, let count = Int(digits.prefix(6)) else { throw fail(number, "expected a number after n_states:") }
                guard (2...256).contains(count) else { throw fail(number, "n_states is \(count); it must be from 2 to 256") }
                stateCount = count
            } else if hasKeyword(line, "neighborhood:") {
                let value = line.dropFirst(13).trimmingCharacters(" \t")
                guard let found = Neighbourhood(rawValue: value) else {
                    throw fail(number, "unsupported neighborhood \"\(value)\" (expected vonNeumann, Moore, hexagonal or oneDimensional)")
                }
                neighbourhood = found
            } else if hasKeyword(line, "symmetries:") {
                guard let neighbourhood else { throw fail(number, "neighborhood must be declared before symmetries") }
                let value = line.dropFirst(11).trimmingCharacters(" \t")
                guard let found = Symmetry(rawValue: value), neighbourhood.symmetries.contains(found) else {
                    let names = neighbourhood.symmetries.map(\.rawValue).joined(separator: ", ")
                    throw fail(number, "unsupported symmetries \"\(value)\" for the \(neighbourhood.rawValue) neighborhood (expected one of \(names))")
                }
                symmetry = found
            } else {
                guard let states = stateCount, let neighbourhood, symmetry != nil else {
                    throw fail(number, "n_states, neighborhood and symmetries must all come before the first variable or transition")
                }
                func state(_ token: Substring) throws(RuleFileError) -> UInt8 {
                    guard !token.isEmpty, token.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(token.prefix(6)) else {
                        throw fail(number, "\"\(token)\" is neither a state nor a variable defined above")
                    }
                    guard value < states else { throw fail(number, "state \(value) is out of range (n_states is \(states))") }
                    return UInt8(value)
                }
                if hasKeyword(line, "var ") {
                    let tokens = line.split { "= {,}".contains($0) }
                    guard tokens.count >= 3 else { throw fail(number, "expected \"var name={state,…}\"") }
                    var values: [UInt8] = []
                    for token in tokens.dropFirst(2) {
                        if let known = variables[String(token)] { values += known } else { values.append(try state(token)) }
                    }
                    variables[String(tokens[1])] = values
                    continue
                }
                let inputs = neighbourhood.inputCount
                if states <= 10 && variables.isEmpty && !line.contains(",") {
                    let characters = Array(line)
                    guard characters.count >= inputs + 1 else {
                        throw fail(number, "a transition needs \(inputs + 1) fields (\(inputs) inputs and the output), found \(characters.count)")
                    }
                    var fields: [UInt8] = []
                    for character in characters[0...inputs] {
                        fields.append(try state(Substring(String(character))))
                    }
                    transitions.append(Transition(inputs: fields.dropLast().map { [$0] }, output: fields[inputs], line: number))
                    continue
                }
                let tokens = Array(line.split { $0 == "," || $0 == " " || $0 == "\t" }.prefix(inputs + 1)).map(String.init)
                guard tokens.count == inputs + 1 else {
                    throw fail(number, "a transition needs \(inputs + 1) fields (\(inputs) inputs and the output), found \(tokens.count)")
                }
                let bound = variables.keys.sorted().filter { name in tokens.filter { $0 == name }.count > 1 }
                var choice = [Int](repeating: 0, count: bound.count)
                while true {
                    var sets: [[UInt8]] = []
                    for token in tokens.prefix(inputs) {
                        if let k = bound.firstIndex(of: token) { sets.append([variables[token]![choice[k]]]) }
                        else if let values = variables[token] { sets.append(values) }
                        else { sets.append([try state(Substring(token))]) }
                    }
                    let last = tokens[inputs]
                    let output: UInt8
                    if let k = bound.firstIndex(of: last) {
                        output = variables[last]![choice[k]]
                    } else if let values = variables[last] {
                        guard values.count == 1 else {
                            throw fail(number, "the output \"\(last)\" must be a state, a single-state variable or a bound variable")
                        }
                        output = values[0]
                    } else {
                        output = try state(Substring(last))
                    }
                    transitions.append(Transition(inputs: sets, output: output, line: number))
                    // The next values of the bound variables, the first changing fastest.
                    var k = 0
                    while k < bound.count {
                        if choice[k] < variables[bound[k]]!.count - 1 { choice[k] += 1; break }
                        choice[k] = 0
                        k += 1
                    }
                    if k == bound.count { break }
                }
            }
        }
        guard let stateCount, let neighbourhood, let symmetry else {
            throw RuleFileError(file: fileName, line: lastLine, reason: "the @TABLE section lacks n_states, neighborhood or symmetries")
        }
        return RuleTable(stateCount: stateCount, neighbourhood: neighbourhood, symmetry: symmetry, transitions: transitions)
    }
}
