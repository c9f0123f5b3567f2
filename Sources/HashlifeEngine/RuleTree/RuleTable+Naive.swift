// RuleTable+Naive.swift — the reference answer of a table, straight from its definition: the
// first transition (in source order) that the neighbourhood matches under some symmetry of
// the table, else the centre's state. Slow and independent of the compiled tree: symmetries
// are applied as rotations and reflections of the ring of neighbours, and `permute` as a
// search for an assignment of neighbours to inputs. Tests check the stepping against it.

extension RuleTable {
    /// The next state of the cell whose neighbourhood `state(dx, dy)` gives.
    public func naiveNext(_ state: (Int, Int) -> UInt8) -> UInt8 {
        let cells = neighbourhood.offsets.map { state($0.dx, $0.dy) }
        for transition in transitions where matches(transition, cells) { return transition.output }
        return cells[0]
    }

    /// The maps of the ring of neighbours (index 1… in input order, as ring positions 0…) that
    /// the symmetry allows: position j reads the input at (sign · j + shift) mod ring.
    func ringMaps() -> [(sign: Int, shift: Int)] {
        let ring = neighbourhood.inputCount - 1
        let rotations: [Int]
        var reflections = false
        switch symmetry {
        case .none, .permute: rotations = [0]
        case .rotate2: rotations = [0, 3]
        case .rotate3: rotations = [0, 2, 4]
        case .rotate4, .rotate4reflect: rotations = ring == 8 ? [0, 2, 4, 6] : [0, 1, 2, 3]
        case .rotate6, .rotate6reflect, .rotate8, .rotate8reflect: rotations = Array(0..<ring)
        case .reflectHorizontal: rotations = [0]
        case .reflect: rotations = [0, 1]  // one-dimensional: west and east swap
        }
        if symmetry == .rotate4reflect || symmetry == .rotate6reflect || symmetry == .rotate8reflect || symmetry == .reflectHorizontal {
            reflections = true
        }
        return rotations.map { (1, $0) } + (reflections ? rotations.map { (-1, $0) } : [])
    }

    func matches(_ transition: Transition, _ cells: [UInt8]) -> Bool {
        guard transition.inputs[0].contains(cells[0]) else { return false }
        let ring = cells.count - 1
        if symmetry == .permute {
            var used = [Bool](repeating: false, count: ring)
            func assign(_ j: Int) -> Bool {
                if j == ring { return true }
                for k in 0..<ring where !used[k] && transition.inputs[1 + k].contains(cells[1 + j]) {
                    used[k] = true
                    if assign(j + 1) { return true }
                    used[k] = false
                }
                return false
            }
            return assign(0)
        }
        for (sign, shift) in ringMaps() {
            var all = true
            for j in 0..<ring where !transition.inputs[1 + ((sign * j + shift) % ring + ring) % ring].contains(cells[1 + j]) {
                all = false
                break
            }
            if all { return true }
        }
        return false
    }
}

extension RuleFile.Transitions {
    /// The reference next state of the cell whose neighbourhood `state(dx, dy)` gives: a table's
    /// `naiveNext`, or a walk of the tree's nodes.
    public func naiveNext(_ state: (Int, Int) -> UInt8) -> UInt8 {
        switch self {
        case .table(let table): table.naiveNext(state)
        case .tree(let tree): tree.next(state)
        }
    }
}
