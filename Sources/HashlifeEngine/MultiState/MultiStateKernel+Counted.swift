// MultiStateKernel+Counted.swift — the direct step's generation for outer-totalistic rules on
// the Moore neighbourhood, with the alive/dead decision made 64 cells at a time.
//
// The rows' alive masks go four to a word (16-bit lanes, as the two-state leaves), the
// neighbour counts come from the two-state engine's bit-sliced adders (`RowSums`) and the
// rule's counts are picked by `LeafRule.matching`: the same dozen operations per word for every
// such rule, in place of a 9-bit index and a table look-up per cell.
//   Generations: the new states follow from the decision and the old state alone, so each row
//     is made 16 bytes at a time: 1 where a 0 is born or a 1 survives, else the old state
//     advanced by one (0 stays 0, the last state becomes 0).
//   History and Super: the decision and whether a killer (state 6) is among the 3×3 block
//     are bit masks. Away from killers, a cell that is not a marker (14 … 24) keeps its state
//     unless the decision differs from its being alive (odd), so the row is copied and only
//     births, deaths, markers and the cells near a killer look up their transition by state,
//     decision and killer. (The centre of the block may be the killer: no state that a killer
//     changes is 6, so counting it changes nothing.)

extension MultiStateKernel {
    /// The decision of the rule for every cell of the first `width` rows: bit x of lane r of
    /// word w is the decision for the cell in row 4w + r, column x, from `alive` (bit x of row
    /// y: the cell is alive). Cells on the border of the square, whose neighbours are not all
    /// known, get meaningless bits.
    @inline(__always)
    static func decisions(_ alive: InlineArray<16, UInt32>, birth: UInt16, survival: UInt16) -> InlineArray<4, UInt64> {
        var words = MultiStateKernel.zeroWords
        for w in 0..<4 {
            words[w] = UInt64(alive[4 * w]) | UInt64(alive[4 * w + 1]) &<< 16
                | UInt64(alive[4 * w + 2]) &<< 32 | UInt64(alive[4 * w + 3]) &<< 48
        }
        let s0 = RowSums(lanesOf: words[0], width: 16), s1 = RowSums(lanesOf: words[1], width: 16)
        let s2 = RowSums(lanesOf: words[2], width: 16), s3 = RowSums(lanesOf: words[3], width: 16)
        let none = RowSums(0)
        @inline(__always) func decide(_ row: UInt64, _ above: RowSums, _ here: RowSums, _ below: RowSums) -> UInt64 {
            let c = RowSums.counts(above: above, here: here, below: below)
            return LeafRule.matching(birth, c) & ~row | LeafRule.matching(survival, c) & row
        }
        var out = MultiStateKernel.zeroWords
        out[0] = decide(words[0], s0.lanesAbove(none, width: 16), s0, s0.lanesBelow(s1, width: 16))
        out[1] = decide(words[1], s1.lanesAbove(s0, width: 16), s1, s1.lanesBelow(s2, width: 16))
        out[2] = decide(words[2], s2.lanesAbove(s1, width: 16), s2, s2.lanesBelow(s3, width: 16))
        out[3] = decide(words[3], s3.lanesAbove(s2, width: 16), s3, s3.lanesBelow(none, width: 16))
        return out
    }

    /// Row `y` of `decisions`' words, shifted so that bit x is the cell in column x + 1.
    @inline(__always)
    static func innerRow(_ words: InlineArray<4, UInt64>, _ y: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: words[y &>> 2] &>> UInt64(16 * (y & 3) + 1)) & 0x7FFF
    }

    /// The 0x01 flags of the eight low bits of `m`: byte k is 1 when bit k is.
    @inline(__always)
    static func flags(_ m: UInt32) -> UInt64 {
        let spread = (UInt64(m & 0xFF) &* ones) & 0x8040_2010_0804_0201
        return ((spread &+ 0x7F7F_7F7F_7F7F_7F7F) & 0x8080_8080_8080_8080) &>> 7
    }

    /// Eight cells of a Generations row: `born` (0x01 flags) become 1, the others advance by
    /// one from a non-zero state, to 0 past the last (`last` holds the state count in each
    /// byte, 0 for 256 states).
    @inline(__always)
    static func generationsBytes(_ c: UInt64, born: UInt64, last: UInt64) -> UInt64 {
        let high: UInt64 = 0x8080_8080_8080_8080
        let advanced = ((c & ~high) &+ ones) ^ (c & high)
        let dies = isZero(c) | isZero(advanced ^ last) | born
        return advanced & ~(dies &* 0xFF) | born
    }

    /// `generation(_:into:width:)` for a Generations rule counted by `decisions`.
    @inline(__always)
    func countedGenerations(_ source: UnsafePointer<UInt8>, into target: UnsafeMutablePointer<UInt8>, width: Int,
                            birth: UInt16, survival: UInt16) {
        var alive = MultiStateKernel.zeroRows
        var occupied = MultiStateKernel.zeroRows
        var any: UInt32 = 0
        for y in 0..<width {
            let row = UnsafeRawPointer(source + y * MultiStateKernel.stride)
            let low = row.loadUnaligned(as: UInt64.self), high = row.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            alive[y] = MultiStateKernel.mask(MultiStateKernel.isZero(low ^ MultiStateKernel.ones), MultiStateKernel.isZero(high ^ MultiStateKernel.ones))
            occupied[y] = ~MultiStateKernel.mask(MultiStateKernel.isZero(low), MultiStateKernel.isZero(high)) & 0xFFFF
            any |= occupied[y]
        }
        let inner = UInt32(1) << UInt32(width - 2) - 1
        if any == 0 {
            for y in 0..<(width - 2) {
                let out = UnsafeMutableRawPointer(target + y * MultiStateKernel.stride)
                out.storeBytes(of: UInt64(0), as: UInt64.self)
                out.storeBytes(of: UInt64(0), toByteOffset: 8, as: UInt64.self)
            }
            return
        }
        let decided = MultiStateKernel.decisions(alive, birth: birth, survival: survival)
        let last = UInt64(UInt8(truncatingIfNeeded: rule.stateCount)) &* MultiStateKernel.ones
        for y in 0..<(width - 2) {
            let out = UnsafeMutableRawPointer(target + y * MultiStateKernel.stride)
            let spread = alive[y] | alive[y + 1] | alive[y + 2]
            if (occupied[y + 1] &>> 1 | spread | spread &>> 1 | spread &>> 2) & inner == 0 {
                out.storeBytes(of: UInt64(0), as: UInt64.self)
                out.storeBytes(of: UInt64(0), toByteOffset: 8, as: UInt64.self)
                continue
            }
            // Born: decided, and 0 or 1 (a dying cell is never born again early).
            let centre = alive[y + 1] &>> 1, empty = ~occupied[y + 1] &>> 1
            let born = MultiStateKernel.innerRow(decided, y + 1) & (centre | empty)
            let row = UnsafeRawPointer(source + (y + 1) * MultiStateKernel.stride + 1)
            let low = row.loadUnaligned(as: UInt64.self), high = row.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            out.storeBytes(of: MultiStateKernel.generationsBytes(low, born: MultiStateKernel.flags(born), last: last), as: UInt64.self)
            out.storeBytes(of: MultiStateKernel.generationsBytes(high, born: MultiStateKernel.flags(born &>> 8), last: last),
                           toByteOffset: 8, as: UInt64.self)
        }
    }

    /// `generation(_:into:width:)` for a History or Super rule counted by `decisions`.
    @inline(__always)
    func countedHistory(_ source: UnsafePointer<UInt8>, into target: UnsafeMutablePointer<UInt8>, width: Int,
                        birth: UInt16, survival: UInt16) {
        var alive = MultiStateKernel.zeroRows
        var killers = MultiStateKernel.zeroRows
        var special = MultiStateKernel.zeroRows
        var anyAlive: UInt32 = 0
        for y in 0..<width {
            let row = UnsafeRawPointer(source + y * MultiStateKernel.stride)
            let low = row.loadUnaligned(as: UInt64.self), high = row.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            alive[y] = MultiStateKernel.mask(low & MultiStateKernel.ones, high & MultiStateKernel.ones)
            anyAlive |= alive[y]
            // Killers and markers are rare: their masks are made only for rows that hold some.
            let six = MultiStateKernel.ones &* 6
            let killerLow = MultiStateKernel.isZero(low ^ six), killerHigh = MultiStateKernel.isZero(high ^ six)
            if killerLow | killerHigh != 0 { killers[y] = MultiStateKernel.mask(killerLow, killerHigh) }
            let specialLow = MultiStateKernel.from14to24(low), specialHigh = MultiStateKernel.from14to24(high)
            if specialLow | specialHigh != 0 { special[y] = MultiStateKernel.mask(specialLow, specialHigh) }
        }
        let inner = UInt32(1) << UInt32(width - 2) - 1
        let decided = anyAlive != 0 ? MultiStateKernel.decisions(alive, birth: birth, survival: survival)
                                    : MultiStateKernel.zeroWords
        let transitions = self.transitions
        for y in 0..<(width - 2) {
            let out = target + y * MultiStateKernel.stride
            let centreRow = source + (y + 1) * MultiStateKernel.stride + 1
            // The row as it is (its inert cells keep their states), then the others.
            let row = UnsafeRawPointer(centreRow)
            UnsafeMutableRawPointer(out).storeBytes(of: row.loadUnaligned(as: UInt64.self), as: UInt64.self)
            UnsafeMutableRawPointer(out).storeBytes(of: row.loadUnaligned(fromByteOffset: 8, as: UInt64.self), toByteOffset: 8, as: UInt64.self)
            // A cell away from killers and not a marker changes only where the decision
            // differs from its state's being alive (a birth, a death); others keep their state.
            let k = killers[y] | killers[y + 1] | killers[y + 2]
            let killed = k | k &>> 1 | k &>> 2
            let decision = MultiStateKernel.innerRow(decided, y + 1)
            var candidates = (special[y + 1] &>> 1 | killed | (decision ^ alive[y + 1] &>> 1)) & inner
            if candidates == 0 { continue }
            while candidates != 0 {
                let x = UInt32(candidates.trailingZeroBitCount)
                candidates &= candidates &- 1
                let c = Int(centreRow[Int(x)])
                let d = Int(decision &>> x & 1)
                let next = transitions[c &<< 2 | d &<< 1 | Int(killed &>> x & 1)]
                if next != MultiStateKernel.fromBlock {
                    out[Int(x)] = UInt8(truncatingIfNeeded: next)
                } else {
                    out[Int(x)] = superFromNeighbours(centreRow + Int(x), alive: d != 0)
                }
            }
        }
    }
}
