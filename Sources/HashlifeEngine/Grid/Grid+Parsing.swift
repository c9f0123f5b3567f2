// Grid+Parsing.swift — reading Golly's bounded-grid suffix (the text after a rule's ':').

extension Grid {
    /// Parses the text after ':' (`suffix`); `rule` is the whole rule text and `offset` the
    /// Character offset of the suffix in it, for errors.
    ///
    /// Accepts what Golly's `setgridsize` accepts for a real grid, letter in either case:
    /// `P|T|C w,h`, `S w`, `K w*,h` / `K w,h*`, a shift `+s`/`-s` after one torus size or after a
    /// Klein bottle's twisted size, and `T100` for `T100,100`. Refused, with a one-line reason:
    /// an unknown letter, missing or non-numeric sizes, sizes above 2,000,000,000 (Golly's limit),
    /// `:T0,0` (no bounded side: that is the unbounded plane), a zero size on a Klein bottle,
    /// cross-surface or sphere, a shift on both edges or with an unbounded size, a sphere with two
    /// sizes, a Klein bottle without its twist mark (Golly would assume `h*`; we ask), a twist
    /// outside a Klein bottle, and anything after the last size.
    static func parse(_ suffix: Substring, rule: String, offset: Int) throws(RuleError) -> Grid {
        let chars = Array(suffix)
        var i = 0
        func fail(_ why: String) -> RuleError {
            RuleError(text: rule, reason: .invalidGrid(why + " (in \(RuleError.excerpt(":" + String(suffix).trimmed)))"))
        }
        func isSpace(_ c: Character) -> Bool { c == " " || c == "\t" }
        while i < chars.count && isSpace(chars[i]) { i += 1 }
        var end = chars.count
        while end > i && isSpace(chars[end - 1]) { end -= 1 }
        guard i < end, let topology = Topology(rawValue: Character(chars[i].uppercased())) else {
            throw fail("unknown grid topology; expected P (plane), T (torus), K (Klein bottle), C (cross-surface) or S (sphere)")
        }
        i += 1
        let name = Grid.name(of: topology)

        /// Reads a run of digits as a size; refuses none and sizes past Golly's limit.
        func size(_ which: String) throws(RuleError) -> Int {
            let start = i
            var value = 0
            while i < end, let digit = chars[i].wholeNumberValue, chars[i].isASCII {
                if value <= Grid.maximumSize { value = value * 10 + digit }
                i += 1
            }
            if i == start {
                if i < end { throw fail("expected the grid \(which) (digits) at offset \(offset + i), found '\(chars[i])'") }
                throw fail("missing the grid \(which)")
            }
            if value > Grid.maximumSize {
                throw fail("grid \(which) \(String(chars[start..<i])) is past Golly's limit of 2,000,000,000")
            }
            return value
        }
        /// Reads "*" then an optional signed shift after a size.
        func twistAndShift(_ which: String) throws(RuleError) -> (twisted: Bool, shift: Int?) {
            var twisted = false
            if i < end && chars[i] == "*" {
                guard topology == .kleinBottle else { throw fail("only a Klein bottle has a twist ('*')") }
                twisted = true
                i += 1
            }
            guard i < end && (chars[i] == "+" || chars[i] == "-") else { return (twisted, nil) }
            switch topology {
            case .plane, .sphere, .crossSurface: throw fail("a \(name) can't have a shift")
            case .kleinBottle where !twisted: throw fail("a Klein bottle's shift must be on its twisted edge")
            default: break
            }
            let negative = chars[i] == "-"
            i += 1
            let amount = try size("\(which) shift")
            return (twisted, negative ? -amount : amount)
        }

        let width = try size("width")
        let (widthTwisted, widthShift) = try twistAndShift("width")
        var height = width
        var heightTwisted = false
        var heightShift: Int? = nil
        if i < end && chars[i] == "," {
            if topology == .sphere { throw fail("a sphere takes one size (\":S\(width)\"), not a width and a height") }
            i += 1
            height = try size("height")
            (heightTwisted, heightShift) = try twistAndShift("height")
        }
        if i < end {
            throw fail("unexpected '\(chars[i])' at offset \(offset + i) after the grid size")
        }
        if width == 0 && height == 0 {
            throw fail("a grid needs a width or a height above 0 (\":\(topology.rawValue)0,0\" would be the unbounded plane)")
        }
        if topology != .plane && topology != .torus && (width == 0 || height == 0) {
            throw fail("a \(name) can't have an unbounded (0) width or height")
        }
        if widthTwisted && heightTwisted {
            throw fail("a Klein bottle twists one pair of edges: mark the width or the height with '*', not both")
        }
        if topology == .kleinBottle && !widthTwisted && !heightTwisted {
            throw fail("a Klein bottle needs its twisted edge marked with '*' (\":K\(width)*,\(height)\" or \":K\(width),\(height)*\")")
        }
        if widthShift != nil && heightShift != nil {
            throw fail("a shift may be on the width or on the height, not both")
        }
        if (widthShift != nil || heightShift != nil) && (width == 0 || height == 0) {
            throw fail("a grid with an unbounded (0) width or height can't have a shift")
        }
        let twist: Twist? = widthTwisted ? .horizontal : heightTwisted ? .vertical : nil
        guard let grid = Grid(topology: topology, width: width, height: height, horizontalShift: widthShift ?? 0,
                              verticalShift: heightShift ?? 0, twist: twist) else {
            throw fail("not a grid Golly accepts")
        }
        return grid
    }

    /// The topology's name in messages.
    public static func name(of topology: Topology) -> String {
        switch topology {
        case .plane: "plane"
        case .torus: "torus"
        case .kleinBottle: "Klein bottle"
        case .crossSurface: "cross-surface"
        case .sphere: "sphere"
        }
    }
}

private extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmed: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
