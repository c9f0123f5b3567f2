import HashlifeEngine

/// A naive Larger than Life stepper, written from the shapes' definitions and independent of
/// the engine's counting: every cell of a window visits every offset of its square and asks
/// whether the shape holds it. Cells outside the window take the background state (0 or 1);
/// B0 rules run with a real background (the reader compares the cells that differ from it,
/// which is what Golly's emulation stores).
public struct LargerThanLifeReference {
    /// The shape letter (M N C 2 B D + X * # H A 3 L G).
    public var shape: Character
    public var range: Int
    /// The number of states (2 … 256).
    public var states: Int
    /// Birth counts and survival counts, the cell itself not counted (HROT's meaning).
    public var births: Set<Int>
    public var survivals: Set<Int>
    /// A bounded grid: (torus?, width, height), with its corner at (−w/2, −h/2).
    public var grid: (torus: Bool, width: Int, height: Int)?

    public init(shape: Character, range: Int, states: Int, births: Set<Int>, survivals: Set<Int>,
                grid: (torus: Bool, width: Int, height: Int)? = nil) {
        self.shape = shape
        self.range = range
        self.states = states
        self.births = births
        self.survivals = survivals
        self.grid = grid
    }

    /// True when the shape of a cell whose x + y has parity `parity` holds offset (dx, dy)
    /// (the cell itself excluded).
    public func holds(dx: Int, dy: Int, parity: Int) -> Bool {
        let r = range
        if dx == 0 && dy == 0 { return false }
        switch shape {
        case "M": return abs(dx) <= r && abs(dy) <= r
        case "N": return abs(dx) + abs(dy) <= r
        case "C", "2":
            guard abs(dy) <= r else { return false }
            let limit = shape == "C" ? r * r + r : r * r
            var w = 0
            while (w + 1) * (w + 1) + dy * dy <= limit { w += 1 }
            return abs(dx) <= w
        case "B": return abs(dx) <= r && abs(dy) <= r && (dx + dy) & 1 == 1
        case "D": return abs(dx) <= r && abs(dy) <= r && (dx + dy) & 1 == 0
        case "+": return (dx == 0 && abs(dy) <= r) || (dy == 0 && abs(dx) <= r)
        case "X": return abs(dx) == abs(dy) && abs(dx) <= r
        case "*": return (abs(dx) == abs(dy) || dx == 0 || dy == 0) && abs(dx) <= r && abs(dy) <= r
        case "#": return abs(dx) <= r && abs(dy) <= r && (abs(dx) == 1 || abs(dy) == 1 || (abs(dx) <= 1 && abs(dy) <= 1))
        case "H": return abs(dy) <= r && (dy < 0 ? dx >= -r && dx <= r + dy : dx >= -r + dy && dx <= r)
        case "A": return abs(dx) <= r && abs(dy) <= r && (dx == 0 || dy == 0 || dx == dy)
        case "3": return (dx == 0 && dy < 0 && dy >= -r) || (dy == 0 && dx < 0 && dx >= -r) || (dx == dy && dx > 0 && dx <= r)
        case "L":
            guard abs(dy) <= r else { return false }
            let y = parity == 0 ? dy : -dy
            return y < 0 ? abs(dx) <= 2 * r + 1 + y : abs(dx) <= 2 * r - y
        case "G": return abs(dx) <= r && abs(dy) <= r
        default: preconditionFailure("no reference for shape \(shape)")
        }
    }

    /// The Gaussian weight of an offset.
    func weight(dx: Int, dy: Int) -> Int { shape == "G" ? (range + 1 - abs(dx)) * (range + 1 - abs(dy)) : 1 }

    /// How far the shape reaches.
    var reach: Int { shape == "L" ? 2 * range : range }

    /// `generations` generations of `cells` (states by position). On the plane, `window`
    /// (x0, y0, width, height) must hold every cell that ever differs from the background;
    /// the B0 background starts at `background`.
    public func run(_ cells: [Int: [Int: UInt8]], generations: Int, window: (x: Int, y: Int, width: Int, height: Int),
                    background: UInt8 = 0) -> (cells: [(x: Int, y: Int, state: UInt8)], background: UInt8) {
        var (x0, y0, w, h) = window
        if let grid {
            (x0, y0, w, h) = (-(grid.width / 2), -(grid.height / 2), grid.width, grid.height)
        }
        var a = [UInt8](repeating: background, count: w * h)
        for (y, row) in cells { for (x, s) in row where x >= x0 && x < x0 + w && y >= y0 && y < y0 + h { a[(y - y0) * w + x - x0] = s } }
        var bg = background
        let r = reach
        for _ in 0..<generations {
            func at(_ x: Int, _ y: Int) -> UInt8 {
                var i = x - x0, j = y - y0
                if let grid {
                    if grid.torus { i = ((i % w) + w) % w; j = ((j % h) + h) % h } else if i < 0 || i >= w || j < 0 || j >= h { return 0 }
                } else if i < 0 || i >= w || j < 0 || j >= h { return bg }
                return a[j * w + i]
            }
            // Golly's Gaussian weighs the cell itself too, (r + 1)², and adds one when it is not
            // empty; its survival counts are shifted by one, so a live cell's count is the
            // others' plus (r + 1)².
            let centre = shape == "G" ? (range + 1) * (range + 1) : 0
            func next(_ state: UInt8, _ n: Int) -> UInt8 {
                switch state {
                case 0: return births.contains(n) ? 1 : 0
                case 1: return survivals.contains(n + centre) ? 1 : (states > 2 ? 2 : 0)
                default: return Int(state) + 1 < states ? state + 1 : 0
                }
            }
            var b = a
            for j in 0..<h {
                for i in 0..<w {
                    let x = x0 + i, y = y0 + j
                    let parity = grid == nil ? (x + y) & 1 : (i + j) & 1
                    var n = 0
                    for dy in -r...r {
                        for dx in -r...r where holds(dx: dx, dy: dy, parity: parity) && at(x + dx, y + dy) == 1 { n += weight(dx: dx, dy: dy) }
                    }
                    b[j * w + i] = next(a[j * w + i], n)
                }
            }
            // The background far away: a cell whose neighbours are all the background.
            if grid == nil {
                var n = 0
                if bg == 1 { for dy in -r...r { for dx in -r...r where holds(dx: dx, dy: dy, parity: 0) { n += weight(dx: dx, dy: dy) } } }
                bg = next(bg, n)
            }
            a = b
        }
        var list: [(x: Int, y: Int, state: UInt8)] = []
        for j in 0..<h { for i in 0..<w where a[j * w + i] != bg { list.append((x0 + i, y0 + j, a[j * w + i] == 0 ? 1 : a[j * w + i])) } }
        return (list, bg)
    }
}
