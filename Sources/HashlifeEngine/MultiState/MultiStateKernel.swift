// MultiStateKernel.swift — one generation of a multi-state rule on a small square of bytes.
//
// The multi-state engine's direct step runs a 16×16 square of cells forward up to four
// generations on a flat buffer (one byte a cell, rows 16 bytes apart), each generation
// shrinking the square by one cell on every side. A cell's next state is a function of
//   - its state c,
//   - whether the rule's two-state decision (`MultiStateRule.lifeRule`) says "alive" for the
//     3×3 block of "alive" cells around it (state 1 for Generations, odd states for History
//     and Super): a 9-bit index built from per-row bit masks, and
//   - for History and Super, whether a neighbour is in state 6 (the killer state),
// looked up in a table of 256 × 4 entries. The few Super transitions that depend on which
// states the neighbours hold (a birth's colour, the dead markers 16...24) are marked in the
// table and computed by `MultiStateRule.next` from the 3×3 block, the rule's own definition.
//
// Rule tables and trees walk their flattened tree per cell (`RuleLookup`), 5 or 9 loads; when
// the rule keeps an empty neighbourhood empty, only the cells within one cell of a non-zero
// cell are walked and the rest written as zeros.
//
// Only the cells whose next state can differ from a default are computed. Generations: a cell
// that is 0 with no alive cell in its 3×3 block stays 0 (B0 is not supported), so the row is
// written as zeros and the cells that are non-zero or touch an alive cell are computed. History
// and Super: a cell in an even state with no alive cell and no killer in its 3×3 block keeps
// its state, except Super's 14 (which dies) and 16 … 24 (which answer their neighbours), so the
// row is copied and only the cells near an alive cell or a killer, or in a state from 14 to
// 24, are computed: the trails and markers that fill most of a History or Super pattern cost
// a copy.

/// A rule's per-cell tables for `generation(_:into:width:)`. Non-copyable: it owns the tables
/// and frees them when it goes away (a kernel replaced by another's rule is freed by the
/// assignment).
struct MultiStateKernel: ~Copyable {
    /// Entry for a transition computed from the whole block (`MultiStateRule.next`).
    static let fromBlock: UInt16 = 0xFFFF
    /// Bytes between rows of the buffers.
    static let stride = 16

    let rule: MultiStateRule
    /// 1 when `lifeRule` gives birth or survival for the 9-bit index of alive cells.
    let decides: UnsafeMutablePointer<UInt8>
    /// Next state by `c << 2 | alive << 1 | killed`, or `fromBlock`.
    let transitions: UnsafeMutablePointer<UInt16>
    /// Does the family have a killer state (History and Super: state 6)?
    let hasKiller: Bool
    /// Is "alive" an odd state (History, Super) rather than state 1 (Generations)?
    let oddIsAlive: Bool
    /// The neighbourhood's cells as bits of the 9-bit index (centre excluded).
    let outerMask: Int
    /// The birth and survival counts when the rule is outer-totalistic on the Moore
    /// neighbourhood without birth on 0, stepped by `MultiStateKernel+Counted.swift`; else nil.
    let counts: (birth: UInt16, survival: UInt16)?
    /// The flattened tree of a rule table or tree (`.ruleTable`); nil for the other families.
    let lookup: RuleLookup?
    /// JvN29's or Nobili32's tables; nil for the other rules.
    let jvn: JvNTables?
    /// Is the rule Hutton32 (stepped by its transition function)?
    let hutton: Bool

    init(rule: MultiStateRule) {
        self.rule = rule
        lookup = rule.ruleFile?.lookup
        if case .jvn(let variant) = rule.family {
            jvn = variant == .jvn29 ? JvNTables.jvn29 : variant == .nobili32 ? JvNTables.nobili32 : nil
            hutton = variant == .hutton32
        } else {
            jvn = nil
            hutton = false
        }
        decides = .allocate(capacity: 512)
        for index in 0..<512 { decides[index] = rule.lifeRule.nextState(neighbourhood: index) ? 1 : 0 }
        transitions = .allocate(capacity: 256 * 4)
        hasKiller = rule.family != .generations
        oddIsAlive = rule.family != .generations
        outerMask = rule.neighbourhood.outerMask
        let life = rule.lifeRule
        counts = rule.family != .ruleTable && rule.neighbourhood == .moore && life.isTotalistic && life.birthCounts & 1 == 0
            ? (life.birthCounts, life.survivalCounts) : nil
        for c in 0..<256 {
            for alive in 0..<2 {
                for killed in 0..<2 {
                    transitions[c << 2 | alive << 1 | killed] =
                        c < rule.stateCount ? MultiStateKernel.transition(rule, UInt8(c), alive: alive == 1, killed: killed == 1) : 0
                }
            }
        }
    }

    deinit {
        decides.deallocate()
        transitions.deallocate()
    }

    /// The next state of a cell in state `c` whose alive neighbourhood `alive` decides, with a
    /// killer neighbour or not, as `MultiStateRule+Transitions.swift` computes it; `fromBlock`
    /// where Super needs the neighbours' states.
    static func transition(_ rule: MultiStateRule, _ c: UInt8, alive: Bool, killed: Bool) -> UInt16 {
        switch rule.family {
        case .ruleTable, .jvn:
            return UInt16(c)  // unused: tables and trees step by `lookup`
        case .generations:
            if c <= 1 && alive { return 1 }
            return c > 0 && Int(c) + 1 < rule.stateCount ? UInt16(c + 1) : 0
        case .history:
            if killed {
                switch c {
                case 1: return 2
                case 3, 5: return 4
                default: break
                }
            }
            if alive {
                if c & 1 == 0 { return c == 4 ? 3 : c == 6 ? 6 : 1 }
            } else if c & 1 == 1 {
                return c == 5 ? 4 : UInt16(c + 1)
            }
            return UInt16(c)
        case .superRule:
            if killed {
                if c == 7 || c == 8 || c >= 13 { return 0 }
                switch c {
                case 1: return 2
                case 3, 5: return 4
                case 9: return 10
                case 11: return 12
                default: break
                }
            }
            if alive {
                if c & 1 == 1 { return UInt16(c) }
                switch c {
                case 4: return 3
                case 6: return 6
                case 8: return 7
                default: return fromBlock
                }
            }
            if c & 1 == 1 { return c <= 11 ? (c == 5 ? 4 : UInt16(c + 1)) : 0 }
            switch c {
            case 14: return 0
            case 16, 18, 20, 22, 24: return fromBlock
            default: return UInt16(c)
            }
        }
    }

    /// One generation: the `width`×`width` square at `source` (rows `stride` apart) to the
    /// (`width`−2)×(`width`−2) square of its inner cells' next states at `target`.
    /// - Precondition: 3 ≤ `width` ≤ 16; the buffers hold 16 rows of `stride` bytes.
    @inline(__always)
    func generation(_ source: UnsafePointer<UInt8>, into target: UnsafeMutablePointer<UInt8>, width: Int) {
        if let lookup {
            generationByTree(source, into: target, width: width, lookup)
            return
        }
        if let jvn {
            // The von Neumann neighbours only: four table loads and one more a cell.
            let s = MultiStateKernel.stride
            treeCells(source, into: target, width: width, quiescent: true) { c in
                jvn.step(c[0], n: c[-s], e: c[1], s: c[s], w: c[-1])
            }
            return
        }
        if hutton {
            let s = MultiStateKernel.stride
            treeCells(source, into: target, width: width, quiescent: true) { c in
                JvNVariant.hutton32Next(c[0], n: c[-s], e: c[1], s: c[s], w: c[-1])
            }
            return
        }
        if let counts {
            if hasKiller {
                countedHistory(source, into: target, width: width, birth: counts.birth, survival: counts.survival)
            } else {
                countedGenerations(source, into: target, width: width, birth: counts.birth, survival: counts.survival)
            }
            return
        }
        generationByTable(source, into: target, width: width)
    }

    /// `generation(_:into:width:)` for any rule: a 9-bit index and a table look-up per cell.
    @inline(__always)
    func generationByTable(_ source: UnsafePointer<UInt8>, into target: UnsafeMutablePointer<UInt8>, width: Int) {
        var alive = MultiStateKernel.zeroRows
        var killers = MultiStateKernel.zeroRows
        var nonzero = MultiStateKernel.zeroRows
        var special = MultiStateKernel.zeroRows
        var anyKiller: UInt32 = 0
        for y in 0..<width {
            let row = UnsafeRawPointer(source + y * MultiStateKernel.stride)
            let low = row.loadUnaligned(as: UInt64.self), high = row.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            if oddIsAlive {
                alive[y] = MultiStateKernel.mask(low & MultiStateKernel.ones, high & MultiStateKernel.ones)
            } else {
                alive[y] = MultiStateKernel.mask(MultiStateKernel.isZero(low ^ MultiStateKernel.ones), MultiStateKernel.isZero(high ^ MultiStateKernel.ones))
            }
            nonzero[y] = ~MultiStateKernel.mask(MultiStateKernel.isZero(low), MultiStateKernel.isZero(high)) & 0xFFFF
            if hasKiller {
                let six = MultiStateKernel.ones &* 6
                killers[y] = MultiStateKernel.mask(MultiStateKernel.isZero(low ^ six), MultiStateKernel.isZero(high ^ six))
                anyKiller |= killers[y]
                special[y] = MultiStateKernel.mask(MultiStateKernel.from14to24(low), MultiStateKernel.from14to24(high))
            }
        }
        let inner = UInt32(1) << UInt32(width - 2) - 1
        let decides = self.decides, transitions = self.transitions, outerMask = self.outerMask
        for y in 0..<(width - 2) {
            let out = target + y * MultiStateKernel.stride
            let centreRow = source + (y + 1) * MultiStateKernel.stride + 1
            let a0 = alive[y], a1 = alive[y + 1], a2 = alive[y + 2]
            let k0 = killers[y], k1 = killers[y + 1], k2 = killers[y + 2]
            let spread = a0 | a1 | a2
            var candidates: UInt32
            if hasKiller {
                // The row as it is (its inert cells keep their states), then the others.
                let row = UnsafeRawPointer(centreRow)
                UnsafeMutableRawPointer(out).storeBytes(of: row.loadUnaligned(as: UInt64.self), as: UInt64.self)
                UnsafeMutableRawPointer(out).storeBytes(of: row.loadUnaligned(fromByteOffset: 8, as: UInt64.self), toByteOffset: 8, as: UInt64.self)
                let near = spread | k0 | k1 | k2
                candidates = (special[y + 1] &>> 1 | near | near &>> 1 | near &>> 2) & inner
            } else {
                UnsafeMutableRawPointer(out).storeBytes(of: UInt64(0), as: UInt64.self)
                UnsafeMutableRawPointer(out).storeBytes(of: UInt64(0), toByteOffset: 8, as: UInt64.self)
                candidates = (nonzero[y + 1] &>> 1 | spread | spread &>> 1 | spread &>> 2) & inner
            }
            if candidates == 0 { continue }
            let killerRows = anyKiller != 0 && (k0 | k1 | k2) != 0
            while candidates != 0 {
                let x = UInt32(candidates.trailingZeroBitCount)
                candidates &= candidates &- 1
                let index = Int(a0 &>> x & 7 | (a1 &>> x & 7) &<< 3 | (a2 &>> x & 7) &<< 6)
                var killed = 0
                if killerRows {
                    let k = Int(k0 &>> x & 7 | (k1 &>> x & 7) &<< 3 | (k2 &>> x & 7) &<< 6)
                    killed = k & outerMask != 0 ? 1 : 0
                }
                let c = Int(centreRow[Int(x)])
                let next = transitions[c &<< 2 | Int(decides[index]) &<< 1 | killed]
                if next != MultiStateKernel.fromBlock {
                    out[Int(x)] = UInt8(truncatingIfNeeded: next)
                } else {
                    out[Int(x)] = superFromNeighbours(centreRow + Int(x), alive: decides[index] != 0)
                }
            }
        }
    }

    /// `generation(_:into:width:)` for a rule table or tree: a walk of `lookup` per cell.
    @inline(__always)
    func generationByTree(_ source: UnsafePointer<UInt8>, into target: UnsafeMutablePointer<UInt8>, width: Int,
                          _ lookup: RuleLookup) {
        let s = MultiStateKernel.stride
        let nodes = UnsafePointer(lookup.nodes), leaves = UnsafePointer(lookup.leaves), root = Int(lookup.root)
        let eight = lookup.neighbours == 8
        if lookup.centreFirst {
            if eight {
                treeCells(source, into: target, width: width, quiescent: lookup.quiescent) { centre in
                    var i = root
                    i = Int(nodes[i &+ Int(centre[0])])
                    i = Int(nodes[i &+ Int(centre[-s])])
                    i = Int(nodes[i &+ Int(centre[-s + 1])])
                    i = Int(nodes[i &+ Int(centre[1])])
                    i = Int(nodes[i &+ Int(centre[s + 1])])
                    i = Int(nodes[i &+ Int(centre[s])])
                    i = Int(nodes[i &+ Int(centre[s - 1])])
                    i = Int(nodes[i &+ Int(centre[-1])])
                    return leaves[i &+ Int(centre[-s - 1])]
                }
            } else {
                treeCells(source, into: target, width: width, quiescent: lookup.quiescent) { centre in
                    var i = root
                    i = Int(nodes[i &+ Int(centre[0])])
                    i = Int(nodes[i &+ Int(centre[-s])])
                    i = Int(nodes[i &+ Int(centre[1])])
                    i = Int(nodes[i &+ Int(centre[s])])
                    return leaves[i &+ Int(centre[-1])]
                }
            }
            return
        }
        @inline(__always) func next(_ centre: UnsafePointer<UInt8>) -> UInt8 {
            var i = root
            if eight {
                i = Int(nodes[i &+ Int(centre[-s - 1])])
                i = Int(nodes[i &+ Int(centre[-s + 1])])
                i = Int(nodes[i &+ Int(centre[s - 1])])
                i = Int(nodes[i &+ Int(centre[s + 1])])
            }
            i = Int(nodes[i &+ Int(centre[-s])])
            i = Int(nodes[i &+ Int(centre[-1])])
            i = Int(nodes[i &+ Int(centre[1])])
            i = Int(nodes[i &+ Int(centre[s])])
            return leaves[i &+ Int(centre[0])]
        }
        treeCells(source, into: target, width: width, quiescent: lookup.quiescent, next)
    }

    /// The cells of `generationByTree`, each from `next` (given the cell's place in `source`);
    /// when `quiescent`, only those within one cell of a non-zero cell, the others 0.
    @inline(__always)
    func treeCells(_ source: UnsafePointer<UInt8>, into target: UnsafeMutablePointer<UInt8>, width: Int, quiescent: Bool,
                   _ next: (UnsafePointer<UInt8>) -> UInt8) {
        let s = MultiStateKernel.stride
        let innerWidth = width - 2
        guard quiescent else {
            for y in 0..<innerWidth {
                let out = target + y * s
                let centreRow = source + (y + 1) * s + 1
                // Two walks at a time: their loads overlap.
                var x = 0
                while x + 1 < innerWidth {
                    let a = next(centreRow + x), b = next(centreRow + x + 1)
                    out[x] = a
                    out[x + 1] = b
                    x += 2
                }
                if x < innerWidth { out[x] = next(centreRow + x) }
            }
            return
        }
        var nonzero = MultiStateKernel.zeroRows
        for y in 0..<width {
            let row = UnsafeRawPointer(source + y * s)
            let low = row.loadUnaligned(as: UInt64.self), high = row.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            nonzero[y] = ~MultiStateKernel.mask(MultiStateKernel.isZero(low), MultiStateKernel.isZero(high)) & 0xFFFF
        }
        let inner = UInt32(1) << UInt32(innerWidth) - 1
        for y in 0..<innerWidth {
            let out = target + y * s
            UnsafeMutableRawPointer(out).storeBytes(of: UInt64(0), as: UInt64.self)
            UnsafeMutableRawPointer(out).storeBytes(of: UInt64(0), toByteOffset: 8, as: UInt64.self)
            let spread = nonzero[y] | nonzero[y + 1] | nonzero[y + 2]
            var candidates = (spread | spread &>> 1 | spread &>> 2) & inner
            let centreRow = source + (y + 1) * s + 1
            // Two walks at a time: their loads overlap.
            while candidates != 0 {
                let x = candidates.trailingZeroBitCount
                candidates &= candidates &- 1
                guard candidates != 0 else {
                    out[x] = next(centreRow + x)
                    break
                }
                let x2 = candidates.trailingZeroBitCount
                candidates &= candidates &- 1
                let a = next(centreRow + x), b = next(centreRow + x2)
                out[x] = a
                out[x2] = b
            }
        }
    }

    /// A Super transition marked `fromBlock`, for the cell at `centre` (in a buffer of rows
    /// `stride` apart) whose alive neighbourhood `alive` decides: a birth's colour, or a dead
    /// marker 16 … 24 answering its neighbours, as `MultiStateRule.superNext` computes them from
    /// the states the neighbourhood holds (`stateMask`).
    @inline(never)
    func superFromNeighbours(_ centre: UnsafePointer<UInt8>, alive: Bool) -> UInt8 {
        let s = MultiStateKernel.stride
        @inline(__always) func bit(_ state: UInt8) -> UInt32 { state < 32 ? 1 &<< UInt32(state) : 0 }
        var types = bit(centre[-s]) | bit(centre[-1]) | bit(centre[1]) | bit(centre[s])
        if outerMask & 1 != 0 { types |= bit(centre[-s - 1]) | bit(centre[s + 1]) }
        if outerMask & 1 << 2 != 0 { types |= bit(centre[-s + 1]) | bit(centre[s - 1]) }
        let c = centre[0]
        if alive { return MultiStateRule.superBirth(types) }
        switch c {
        case 16: return types & Super.aliveWith14 != 0 ? 14 : c
        case 18: return types & 1 << 22 != 0 ? 22 : c
        case 20: return types & 1 << 18 != 0 ? 18 : c
        case 22: return types & 1 << 20 != 0 ? 20 : c
        default: return types & Super.aliveWith14or18 != 0 ? 18 : c  // 24
        }
    }

    static let ones: UInt64 = 0x0101_0101_0101_0101

    /// Sixteen zero row masks, written as a literal: `InlineArray(repeating:)` stays a call
    /// in the kernels (9.7 million of them for a 192² Brian's Brain soup's 1,000 generations).
    static var zeroRows: InlineArray<16, UInt32> {
        @_transparent get { [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] }
    }

    /// Four zero words (`zeroRows`).
    static var zeroWords: InlineArray<4, UInt64> {
        @_transparent get { [0, 0, 0, 0] }
    }

    /// 0x01 in each byte of `v` from 14 to 24, else 0x00, for bytes below 128 (History and
    /// Super states): v + 114 reaches 128 from 14 on, v + 103 from 25 on, with no carries.
    @inline(__always)
    static func from14to24(_ v: UInt64) -> UInt64 {
        let high: UInt64 = 0x8080_8080_8080_8080
        return ((v &+ 0x7272_7272_7272_7272) & ~(v &+ 0x6767_6767_6767_6767) & high) &>> 7
    }

    /// 0x01 in each byte of `v` that is zero, else 0x00.
    @inline(__always)
    static func isZero(_ v: UInt64) -> UInt64 {
        let high: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let t = ~((v & high) &+ high | v | high)
        return t &>> 7
    }

    /// The 16 bytes (each 0x00 or 0x01) of `low` and `high` as a 16-bit mask, byte k → bit k.
    @inline(__always)
    static func mask(_ low: UInt64, _ high: UInt64) -> UInt32 {
        let magic: UInt64 = 0x0102_0408_1020_4080
        return UInt32(truncatingIfNeeded: (low &* magic) &>> 56 | ((high &* magic) &>> 56) &<< 8)
    }
}
