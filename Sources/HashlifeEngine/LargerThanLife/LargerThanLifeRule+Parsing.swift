// LargerThanLifeRule+Parsing.swift — reading Larger than Life rule text as Golly reads it.

extension LargerThanLifeRule {
    static let maximumRange = 500
    static let maximumGaussianRange = 50
    /// Golly's largest bounded grid, in cells.
    static let maximumGridCells = 100_000_000

    /// A small reader over the upper-cased text, with C's `%d` (optional sign, digits).
    struct Scanner {
        let chars: [Character]
        var pos = 0
        var atEnd: Bool { pos >= chars.count }
        var peek: Character? { pos < chars.count ? chars[pos] : nil }
        mutating func take(_ c: Character) -> Bool {
            guard peek == c else { return false }
            pos += 1
            return true
        }
        mutating func take(_ s: String) -> Bool {
            let save = pos
            for c in s where !take(c) { pos = save; return false }
            return true
        }
        mutating func int() -> Int? {
            var i = pos
            var sign = 1
            if i < chars.count, chars[i] == "-" || chars[i] == "+" { sign = chars[i] == "-" ? -1 : 1; i += 1 }
            var value = 0, digits = 0
            while i < chars.count, let d = chars[i].wholeNumberValue, chars[i].isASCII {
                value = min(value * 10 + d, 1 << 40)
                i += 1
                digits += 1
            }
            guard digits > 0 else { return nil }
            pos = i
            return sign * value
        }
    }

    /// The rule `text` stands for when it is Larger than Life text (it starts `R<number>,C`, or
    /// is five numbers separated by commas), nil when it is not.
    /// - Throws: `RuleError` with reason `.largerThanLife` when it is Larger than Life text
    ///   Golly refuses.
    static func parseIfLargerThanLife(_ text: String) throws(RuleError) -> LargerThanLifeRule? {
        let upper = text.uppercased()
        var probe = Scanner(chars: Array(upper))
        let looksHROT = probe.take("R") && probe.int() != nil && probe.take(",C")
        var kellie = Scanner(chars: Array(upper))
        var fields: [Int] = []
        for i in 0..<5 {
            if i > 0 && !kellie.take(",") { break }
            guard let v = kellie.int() else { break }
            fields.append(v)
        }
        guard looksHROT || fields.count == 5 else { return nil }
        return try parse(text)
    }

    /// Parses Larger than Life rule text (any case): HROT `Rr,Cc,Slist,Blist[,Nn]`, LtL
    /// `Rr,Cc,Mm,Smin..max,Bmin..max,Nn` or Kellie Evans `r,bmin,bmax,smin,smax`, each with an
    /// optional `:T` or `:P` grid suffix.
    public static func parse(_ text: String) throws(RuleError) -> LargerThanLifeRule {
        func fail(_ why: String) -> RuleError { RuleError(text: text, reason: .largerThanLife(why)) }
        let upper = Array(text.uppercased())

        // The two LtL forms become HROT with their bounds kept.
        var form = Form.hrot
        var middle = 0
        var body = upper
        var s = Scanner(chars: upper)
        if upper.count > 1 && String(upper).contains(".."),
           s.take("R"), let r = s.int(), s.take(",C"), let c = s.int(), s.take(",M"), let m = s.int(), s.take(",S"),
           let s1 = s.int(), s.take(".."), let s2 = s.int(), s.take(",B"), let b1 = s.int(), s.take(".."), let b2 = s.int(),
           s.take(",N"), let n = s.peek {
            s.pos += 1
            middle = m
            body = Array("R\(r),C\(c),S\(s1)-\(s2),B\(b1)-\(b2),N\(n)") + upper[s.pos...]
            form = .ltl(middle: m, survival: s1...max(s1, s2), birth: b1...max(b1, b2))
            guard s1 <= s2 else { throw fail("the S range \(s1)..\(s2) has its minimum above its maximum") }
            guard b1 <= b2 else { throw fail("the B range \(b1)..\(b2) has its minimum above its maximum") }
        } else {
            var k = Scanner(chars: upper)
            var f: [Int] = []
            for i in 0..<5 {
                if i > 0 && !k.take(",") { break }
                guard let v = k.int() else { break }
                f.append(v)
            }
            if f.count == 5 {
                middle = 1
                body = Array("R\(f[0]),C0,S\(f[3])-\(f[4]),B\(f[1])-\(f[2]),NM") + upper[k.pos...]
                form = .ltl(middle: 1, survival: f[3]...max(f[3], f[4]), birth: f[1]...max(f[1], f[2]))
                guard f[3] <= f[4] else { throw fail("the S range \(f[3])..\(f[4]) has its minimum above its maximum") }
                guard f[1] <= f[2] else { throw fail("the B range \(f[1])..\(f[2]) has its minimum above its maximum") }
            }
        }
        let isLtL = form != .hrot

        var p = Scanner(chars: body)
        guard p.take("R"), let r = p.int(), p.take(",C"), let c = p.int() else { throw fail("expected R<range>,C<states> at the start") }
        guard r >= 1 else { throw fail("the range R\(r) is below 1") }
        guard r <= maximumRange else { throw fail("the range R\(r) is over \(maximumRange)") }
        guard (0...256).contains(c) else { throw fail("C\(c): the number of states must be from 0 to 256") }

        // The neighbourhood: ",N" followed by a letter, anywhere (Golly looks for it first).
        var shapeStart: Int?
        for i in 0..<(body.count - 1) where body[i] == "," && body[i + 1] == "N" { shapeStart = i; break }
        if shapeStart == nil && isLtL { throw fail("the neighbourhood (,N…) is missing") }
        var letter: Character = "M"
        var shapeEnd = body.count
        var shape = LargerThanLifeShape.moore
        var customCount = 0
        if let start = shapeStart {
            guard start + 2 < body.count else { throw fail("the neighbourhood letter after ,N is missing") }
            letter = body[start + 2]
            shapeEnd = start + 3
            let tail = body[shapeEnd...]
            switch letter {
            case "@":
                let (cells, count, gridType, used) = try readCustom(tail, range: r, fail: fail)
                shape = .custom(cells: cells, gridType: gridType, text: String(tail.prefix(used)))
                customCount = count
                shapeEnd += used
            case "W":
                let (weights, stateWeights, count, gridType, used) = try readWeighted(tail, range: r, states: c, fail: fail)
                shape = .weighted(weights: weights, stateWeights: stateWeights, gridType: gridType, text: String(tail.prefix(used)))
                customCount = count
                shapeEnd += used
            default:
                let shapes: [Character: LargerThanLifeShape] = [
                    "M": .moore, "N": .vonNeumann, "C": .circular, "2": .euclidean, "B": .checkerboard,
                    "D": .alignedCheckerboard, "+": .cross, "X": .saltire, "*": .star, "#": .hash, "H": .hexagonal,
                    "A": .asterisk, "3": .tripod, "L": .triangular, "G": .gaussian,
                ]
                guard let known = shapes[letter] else {
                    throw fail("unknown neighbourhood letter '\(letter)' at offset \(start + 2); expected one of M N C 2 B D + X * # H A 3 L G W @")
                }
                shape = known
            }
        }
        if shape == .gaussian && r > maximumGaussianRange { throw fail("the range R\(r) is over \(maximumGaussianRange), the most for the Gaussian neighbourhood G") }
        if shape == .triangular && 2 * r > maximumRange { throw fail("the range R\(r) is over \(maximumRange / 2), the most for the triangular neighbourhood L") }
        let maxn = LargerThanLifeShape.maximumCount(letter, range: r, customCount: customCount)
        let maxb = maxn + middle, mins = middle, maxs = maxn + middle

        // S and B lists.
        func readList(_ name: Character, low: Int, high: Int) throws(RuleError) -> (flags: [Bool], any: Bool) {
            var flags = [Bool](repeating: false, count: high + 1)
            var any = false
            while true {
                let save = p.pos
                guard let a = p.int() else { p.pos = save; break }
                var b = a
                if p.take("-") {
                    guard let hi = p.int() else { throw fail("\(name)\(a)-: the range has no maximum") }
                    b = hi
                }
                guard a <= b else { throw fail("\(name)\(a)-\(b): the range has its minimum above its maximum") }
                guard a >= low && b <= high else {
                    throw fail("\(name)\(a == b ? "\(a)" : "\(a)-\(b)") is outside what the neighbourhood \(letter) of range \(r) counts (\(low) to \(high))")
                }
                for i in a...b { flags[i] = true }
                any = true
                if !p.take(",") { break }
            }
            return (flags, any)
        }
        guard p.take(",") else { throw fail("expected ,S after R\(r),C\(c)") }
        guard p.take("S") else { throw fail("expected S (the survival counts) after R\(r),C\(c),") }
        let (survivals, anyS) = try readList("S", low: mins, high: maxs)
        if !anyS { guard p.take(",") else { throw fail("expected ,B after the survival counts") } }
        else if body[p.pos - 1] != "," { throw fail("expected ,B after the survival counts") }
        guard p.take("B") else { throw fail("expected B (the birth counts) after the survival counts") }
        let (births, anyB) = try readList("B", low: 0, high: maxb)
        if let start = shapeStart {
            if !anyB && p.peek == "," { p.pos += 1 }
            guard p.pos == start + 1 else { throw fail("unexpected text at offset \(p.pos), before the neighbourhood ,N") }
            p.pos = shapeEnd
        }
        guard p.atEnd || p.peek == ":" else { throw fail("unexpected text at offset \(p.pos) after the rule") }

        // The grid suffix: :T or :P, with a width and an optional height.
        var grid: Grid?
        if p.take(":"), !p.atEnd {
            let topology: Grid.Topology
            if p.take("T") { topology = .torus } else if p.take("P") { topology = .plane } else {
                throw fail("the grid suffix at offset \(p.pos) must be :T (torus) or :P (plane)")
            }
            var w = 400, h = 400
            if !p.atEnd {
                guard let width = p.int(), width >= 0 else { throw fail("bad grid size at offset \(p.pos)") }
                w = width
                h = width
                if p.take(",") {
                    if !p.atEnd {
                        guard let height = p.int(), height >= 0 else { throw fail("bad grid size at offset \(p.pos)") }
                        h = height
                    }
                }
                guard p.atEnd else { throw fail("unexpected character at offset \(p.pos) in the grid suffix") }
            }
            guard Double(w) * Double(h) <= Double(maximumGridCells) else {
                throw fail("the grid \(w)×\(h) is larger than \(maximumGridCells) cells")
            }
            grid = Grid(topology: topology, width: max(w, 1), height: max(h, 1))
        }
        if births[0] && c > 2 { throw fail("B0 is not allowed with more than 2 states") }
        var rule = LargerThanLifeRule(range: r, stateCount: max(c, 2), shape: shape, form: form, births: births,
                                      survivals: survivals, maximumCount: maxn, grid: nil, gridNote: nil)
        (rule.grid, rule.gridNote) = enlarged(grid, extent: shape.extent(range: r))
        return rule
    }

    /// Golly's custom neighbourhood: ((2r+1)² − 1) / 4 hexadecimal digits, each four cells of
    /// the square row by row, the cell itself left out (and always counted); then an optional
    /// `H` or `L`. Returns the cells (with the centre), their count without it, the grid type
    /// and the characters used.
    static func readCustom(_ text: ArraySlice<Character>, range r: Int, fail: (String) -> RuleError) throws(RuleError)
        -> (cells: [Int], count: Int, gridType: LargerThanLifeGridType, used: Int) {
        let chars = Array(text)
        let side = 2 * r + 1
        let needed = (side * side - 1) / 4
        guard chars.count >= needed else { throw fail("the custom neighbourhood @ needs \(needed) hexadecimal digits for range \(r)") }
        var bits: [Bool] = []
        for i in 0..<needed {
            guard let v = chars[i].hexDigitValue else { throw fail("invalid custom neighbourhood: '\(chars[i])' is not a hexadecimal digit") }
            if i == needed / 2 { bits.append(true) }
            for b in stride(from: 3, through: 0, by: -1) { bits.append(v & (1 << b) != 0) }
        }
        var used = needed
        var gridType = LargerThanLifeGridType.square
        if used < chars.count, let g = LargerThanLifeGridType(rawValue: chars[used]), g != .square { gridType = g; used += 1 }
        var cells: [Int] = []
        for (i, on) in bits.prefix(side * side).enumerated() where on { cells += [i % side - r, i / side - r] }
        return (cells, cells.count / 2 - 1, gridType, used)
    }

    /// Golly's weighted neighbourhood: (2r+1)² hexadecimal digits (weights −7 … 7, 8 and above
    /// negative) or twice as many (pairs, −127 … 127), an optional `,` and one digit per state,
    /// then an optional `H` or `L`.
    static func readWeighted(_ text: ArraySlice<Character>, range r: Int, states: Int, fail: (String) -> RuleError) throws(RuleError)
        -> (weights: [Int], stateWeights: [Int]?, count: Int, gridType: LargerThanLifeGridType, used: Int) {
        let chars = Array(text)
        let n1 = (2 * r + 1) * (2 * r + 1)
        var i = 0
        while i < 2 * n1 && i < chars.count && chars[i].hexDigitValue != nil { i += 1 }
        var weights: [Int] = []
        if i >= 2 * n1 {
            for k in 0..<n1 {
                let v = chars[2 * k].hexDigitValue! << 4 | chars[2 * k + 1].hexDigitValue!
                weights.append(v & 128 != 0 ? -(v & 127) : v)
            }
        } else if i == n1 {
            weights = chars[0..<n1].map { let v = $0.hexDigitValue!; return v & 8 != 0 ? -(v & 7) : v }
        } else {
            throw fail("the weighted neighbourhood W needs \(n1) or \(2 * n1) hexadecimal digits for range \(r)")
        }
        var stateWeights: [Int]?
        var maxsw = 1
        if i < chars.count && chars[i] == "," {
            i += 1
            let j = i
            while i < chars.count && chars[i].hexDigitValue != nil { i += 1 }
            let count = max(states, 2)
            guard i - j == count else { throw fail("the weighted neighbourhood gives \(i - j) state weights for \(count) states") }
            stateWeights = chars[j..<i].map { $0.hexDigitValue! }
            maxsw = stateWeights!.max() ?? 0
        }
        let count = weights.filter { $0 > 0 }.reduce(0) { $0 + $1 * maxsw }
        var gridType = LargerThanLifeGridType.square
        if i < chars.count, let g = LargerThanLifeGridType(rawValue: chars[i]), g != .square { gridType = g; i += 1 }
        return (weights, stateWeights, count, gridType, i)
    }
}
