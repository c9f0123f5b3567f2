// RuleTable.swift — a Golly rule table (@TABLE): states, neighbourhood, symmetry and the
// transitions in source order, and the symmetric variants of a transition as Golly packs them.
//
// Inputs are listed centre first, in Golly's order for each neighbourhood:
//   vonNeumann      C, N, E, S, W
//   Moore           C, N, NE, E, SE, S, SW, W, NW
//   hexagonal       C, N, E, SE, S, W, NW        (Golly's hexagons drawn on squares)
//   oneDimensional  C, W, E
// then the new state. A transition's inputs are sets of states (a state, or a variable used
// once); a variable used twice or more in one transition is bound, and the transition stands
// for one transition per value of its bound variables (`transitions` holds them expanded).
// A cell takes the output of the first transition that one of its symmetric variants matches;
// a cell that none matches keeps its state.

/// A parsed @TABLE section.
public struct RuleTable: Hashable, Sendable {
    public enum Neighbourhood: String, Hashable, Sendable, CaseIterable {
        case vonNeumann
        case moore = "Moore"
        case hexagonal
        case oneDimensional

        /// The inputs of a transition, the centre included.
        public var inputCount: Int {
            switch self {
            case .vonNeumann: 5
            case .moore: 9
            case .hexagonal: 7
            case .oneDimensional: 3
            }
        }

        /// Each input's cell as (dx, dy), y growing downwards, in Golly's input order.
        public var offsets: [(dx: Int, dy: Int)] {
            switch self {
            case .vonNeumann: [(0, 0), (0, -1), (1, 0), (0, 1), (-1, 0)]
            case .moore: [(0, 0), (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)]
            case .hexagonal: [(0, 0), (0, -1), (1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1)]
            case .oneDimensional: [(0, 0), (-1, 0), (1, 0)]
            }
        }

        /// The symmetries Golly accepts for this neighbourhood.
        public var symmetries: [Symmetry] {
            switch self {
            case .vonNeumann: [.none, .rotate4, .rotate4reflect, .reflectHorizontal, .permute]
            case .moore: [.none, .rotate4, .rotate8, .rotate4reflect, .rotate8reflect, .reflectHorizontal, .permute]
            case .hexagonal: [.none, .rotate2, .rotate3, .rotate6, .rotate6reflect, .permute]
            case .oneDimensional: [.none, .reflect, .permute]
            }
        }
    }

    public enum Symmetry: String, Hashable, Sendable, CaseIterable {
        case none, rotate2, rotate3, rotate4, rotate4reflect, rotate6, rotate6reflect, rotate8, rotate8reflect
        case reflect
        case reflectHorizontal = "reflect_horizontal"
        case permute
    }

    /// One transition after its bound variables took values: a set of states for each input
    /// (centre first) and the new state.
    public struct Transition: Hashable, Sendable {
        /// For each input, the states it matches, as written (a variable's list may repeat).
        public var inputs: [[UInt8]]
        public var output: UInt8
        /// The source line (1-based), for messages.
        public var line: Int
    }

    public let stateCount: Int
    public let neighbourhood: Neighbourhood
    public let symmetry: Symmetry
    /// In source order, each line expanded over its bound variables' values.
    public let transitions: [Transition]

    public init(stateCount: Int, neighbourhood: Neighbourhood, symmetry: Symmetry, transitions: [Transition]) {
        self.stateCount = stateCount
        self.neighbourhood = neighbourhood
        self.symmetry = symmetry
        self.transitions = transitions
    }

    /// The input orders (each a permutation of the input indices, centre fixed) that a
    /// symmetry adds, as Golly's tables list them: variant k takes input i from `remap[k][i]`.
    /// Nil for `permute` (every distinct permutation of the non-centre inputs).
    static func remaps(_ neighbourhood: Neighbourhood, _ symmetry: Symmetry) -> [[Int]]? {
        func rotations(_ ring: Int, by step: Int, count: Int) -> [[Int]] {
            (0..<count).map { k in [0] + (0..<ring).map { 1 + ($0 + k * step) % ring } }
        }
        func reflected(_ orders: [[Int]], _ mirror: [Int]) -> [[Int]] {
            orders + orders.map { order in order.indices.map { order[mirror[$0]] } }
        }
        switch (neighbourhood, symmetry) {
        case (_, .none): return [Array(0..<neighbourhood.inputCount)]
        case (_, .permute): return nil
        case (.vonNeumann, .rotate4): return rotations(4, by: 1, count: 4)
        case (.vonNeumann, .rotate4reflect): return reflected(rotations(4, by: 1, count: 4), [0, 4, 3, 2, 1])
        case (.vonNeumann, .reflectHorizontal): return [[0, 1, 2, 3, 4], [0, 1, 4, 3, 2]]
        case (.moore, .rotate4): return rotations(8, by: 2, count: 4)
        case (.moore, .rotate8): return rotations(8, by: 1, count: 8)
        case (.moore, .rotate4reflect): return reflected(rotations(8, by: 2, count: 4), [0, 1, 8, 7, 6, 5, 4, 3, 2])
        case (.moore, .rotate8reflect): return reflected(rotations(8, by: 1, count: 8), [0, 1, 8, 7, 6, 5, 4, 3, 2])
        case (.moore, .reflectHorizontal): return [Array(0..<9), [0, 1, 8, 7, 6, 5, 4, 3, 2]]
        case (.hexagonal, .rotate2): return rotations(6, by: 3, count: 2)
        case (.hexagonal, .rotate3): return rotations(6, by: 2, count: 3)
        case (.hexagonal, .rotate6): return rotations(6, by: 1, count: 6)
        case (.hexagonal, .rotate6reflect): return reflected(rotations(6, by: 1, count: 6), [0, 6, 5, 4, 3, 2, 1])
        case (.oneDimensional, .reflect): return [[0, 1, 2], [0, 2, 1]]
        default: return [Array(0..<neighbourhood.inputCount)]
        }
    }

    /// Every symmetric variant of `transition` (inputs only), as Golly packs them; all share
    /// the transition's output.
    public func variants(of transition: Transition) -> [[[UInt8]]] {
        if let remaps = RuleTable.remaps(neighbourhood, symmetry) {
            return remaps.map { remap in remap.map { transition.inputs[$0] } }
        }
        // permute: the distinct orders of the non-centre inputs, from the sorted one.
        var order = Array(transition.inputs.dropFirst()).sorted { $0.lexicographicallyPrecedes($1) }
        var result: [[[UInt8]]] = []
        repeat {
            result.append([transition.inputs[0]] + order)
        } while RuleTable.nextPermutation(&order)
        return result
    }

    /// The next lexicographic order of `items` (as C++'s next_permutation); false after the last.
    static func nextPermutation(_ items: inout [[UInt8]]) -> Bool {
        guard items.count > 1 else { return false }
        var i = items.count - 1
        while i > 0 && !items[i - 1].lexicographicallyPrecedes(items[i]) { i -= 1 }
        guard i > 0 else {
            items.reverse()
            return false
        }
        var j = items.count - 1
        while !items[i - 1].lexicographicallyPrecedes(items[j]) { j -= 1 }
        items.swapAt(i - 1, j)
        items[i...].reverse()
        return true
    }
}
