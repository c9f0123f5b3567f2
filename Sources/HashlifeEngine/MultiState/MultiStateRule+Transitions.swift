// MultiStateRule+Transitions.swift — the next state of one cell, as Golly's generationsalgo
// and superalgo `slowcalc` compute it.

extension MultiStateRule {
    /// The state of the centre of `block` one generation later. States at or above
    /// `stateCount` are a caller's error and give unspecified (but in-range) results.
    @inlinable
    public func next(_ block: Block) -> UInt8 {
        switch family {
        case .generations: generationsNext(block)
        case .history: historyNext(block)
        case .superRule: superNext(block)
        case .ruleTable: tableNext(block)
        case .jvn(let variant): variant.next(block.4, n: block.1, e: block.5, s: block.7, w: block.3)
        }
    }

    /// A rule table or tree: its flattened tree's answer.
    @usableFromInline
    func tableNext(_ b: Block) -> UInt8 { ruleFile!.lookup.next(b) }

    /// The 9-bit index of `Rule` with a bit for each cell that `alive` accepts.
    @usableFromInline
    static func index(_ b: Block, _ alive: (UInt8) -> Bool) -> Int {
        var index = 0
        if alive(b.0) { index |= 1 << 0 }
        if alive(b.1) { index |= 1 << 1 }
        if alive(b.2) { index |= 1 << 2 }
        if alive(b.3) { index |= 1 << 3 }
        if alive(b.4) { index |= 1 << 4 }
        if alive(b.5) { index |= 1 << 5 }
        if alive(b.6) { index |= 1 << 6 }
        if alive(b.7) { index |= 1 << 7 }
        if alive(b.8) { index |= 1 << 8 }
        return index
    }

    @usableFromInline
    func generationsNext(_ b: Block) -> UInt8 {
        let centre = b.4
        if centre <= 1, lifeRule.nextState(neighbourhood: Self.index(b) { $0 == 1 }) { return 1 }
        if centre > 0, Int(centre) + 1 < stateCount { return centre + 1 }
        return 0
    }

    /// One bit per state present among the neighbours (bit s for state s), as superalgo's
    /// `typeMask`; only the first 32 states matter to History and Super.
    @usableFromInline
    func stateMask(_ b: Block) -> UInt32 {
        func bit(_ s: UInt8) -> UInt32 { s < 32 ? 1 << UInt32(s) : 0 }
        switch neighbourhood {
        case .moore: return bit(b.0) | bit(b.1) | bit(b.2) | bit(b.3) | bit(b.5) | bit(b.6) | bit(b.7) | bit(b.8)
        case .hexagonal: return bit(b.0) | bit(b.1) | bit(b.3) | bit(b.5) | bit(b.7) | bit(b.8)
        case .vonNeumann: return bit(b.1) | bit(b.3) | bit(b.5) | bit(b.7)
        }
    }

    /// History: 1 alive, 2 dead with a trail (was alive), 3 alive marked, 4 dead marked,
    /// 5 alive marked (boundary), 6 a killer that never changes, 0 empty.
    @usableFromInline
    func historyNext(_ b: Block) -> UInt8 {
        let c = b.4
        if stateMask(b) & 1 << 6 != 0 {
            // A state-6 neighbour kills live cells, which leave their trail.
            switch c {
            case 1: return 2
            case 3, 5: return 4
            default: break
            }
        }
        let alive = lifeRule.nextState(neighbourhood: Self.index(b) { $0 & 1 == 1 })
        if alive {
            if c & 1 == 0 {
                switch c {
                case 4: return 3
                case 6: return 6
                default: return 1
                }
            }
        } else if c & 1 == 1 {
            return c == 5 ? 4 : c + 1
        }
        return c
    }

    /// Super: History's states 0...6 and 7...25 (colours inherited by births, and dead
    /// markers that respond to neighbours), exactly as superalgo's SUPER branch.
    @usableFromInline
    func superNext(_ b: Block) -> UInt8 {
        let c = b.4
        let types = stateMask(b)
        if types & 1 << 6 != 0 {
            if c == 7 || c == 8 || c >= 13 { return 0 }
            switch c {
            case 1: return 2
            case 3, 5: return 4
            case 9: return 10
            case 11: return 12
            default: break
            }
        }
        let alive = lifeRule.nextState(neighbourhood: Self.index(b) { $0 & 1 == 1 })
        if alive {
            guard c & 1 == 0 else { return c }
            switch c {
            case 4: return 3
            case 6: return 6
            case 8: return 7
            default: return Self.superBirth(types)
            }
        }
        if c & 1 == 1 {
            if c <= 11 { return c == 5 ? 4 : c + 1 }
            return 0
        }
        switch c {
        case 14: return 0
        case 16: return types & Super.aliveWith14 != 0 ? 14 : c
        case 18: return types & 1 << 22 != 0 ? 22 : c
        case 20: return types & 1 << 18 != 0 ? 18 : c
        case 22: return types & 1 << 20 != 0 ? 20 : c
        case 24: return types & Super.aliveWith14or18 != 0 ? 18 : c
        default: return c
        }
    }

    /// The state a Super birth takes from the states around it: the single colour among
    /// 9...25 when the neighbours hold no 1, 3, 5 or 7; a single colour among 13...25 beside
    /// a 3 (and no 1, 5, 7, 9, 11); a single 9 or 11 beside a 7 (and nothing else alive but
    /// 7 and that); 13 for any mix of 7 and 13...25 without 1, 3, 5, 9, 11; otherwise 1.
    @usableFromInline
    static func superBirth(_ types: UInt32) -> UInt8 {
        func single(_ x: UInt32) -> Bool { x != 0 && x & (x - 1) == 0 }
        func lowest(_ x: UInt32) -> UInt8 { UInt8(x.trailingZeroBitCount) }
        var calc = types & Super.alive9to25
        if types & Super.alive1or3or5or7 == 0, single(calc) { return lowest(calc) }
        calc = types & Super.alive13to25
        if types & 1 << 3 != 0, single(calc), types & Super.alive1or5or7or9or11 == 0 { return lowest(calc) }
        calc = types & Super.alive9or11
        if types & 1 << 7 != 0, single(calc), types & Super.alive1or3or5or13to25 == 0 { return lowest(calc) }
        calc = types & Super.alive7or13to25
        if calc != 0, types & Super.alive1or3or5or9or11 == 0 { return 13 }
        return 1
    }
}

/// superalgo's masks of neighbour states (bit s: state s present).
@usableFromInline
enum Super {
    static func bits(_ states: [Int]) -> UInt32 { states.reduce(0) { $0 | 1 << UInt32($1) } }
    @usableFromInline static let aliveWith14 = bits([1, 3, 5, 7, 9, 11, 13, 14, 15, 17, 19, 21, 23, 25])
    @usableFromInline static let aliveWith14or18 = aliveWith14 | 1 << 18
    @usableFromInline static let alive1or3or5or7 = bits([1, 3, 5, 7])
    @usableFromInline static let alive9to25 = bits([9, 11, 13, 15, 17, 19, 21, 23, 25])
    @usableFromInline static let alive1or3or5or9or11 = bits([1, 3, 5, 9, 11])
    @usableFromInline static let alive7or13to25 = bits([7, 13, 15, 17, 19, 21, 23, 25])
    @usableFromInline static let alive1or5or7or9or11 = bits([1, 5, 7, 9, 11])
    @usableFromInline static let alive13to25 = bits([13, 15, 17, 19, 21, 23, 25])
    @usableFromInline static let alive9or11 = bits([9, 11])
    @usableFromInline static let alive1or3or5or13to25 = bits([1, 3, 5, 13, 15, 17, 19, 21, 23, 25])
}
