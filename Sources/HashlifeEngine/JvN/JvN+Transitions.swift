// JvN+Transitions.swift — JvN29 and Nobili32: the next state of a cell from what its four
// neighbours send it.
//
// Golly works on an internal code of each state (`internalCode`): bit 0x10 confluent, 0x20
// ordinary transmission, 0x40 special transmission, 0x80 excited, the low two bits a direction
// (0 east, 1 north, 2 west, 3 south); 0–8 are the ground and sensitized states. Each neighbour
// contributes bits (`sent`) that depend on its code, the cell's code and the side it stands on;
// the cell's next code depends on its own code and the union of those bits. Both steps are
// tables, so a cell costs four loads, an OR and a load.

extension JvNVariant {
    static let east = 0, north = 1, west = 2, south = 3
    static let confluent = 0x10, ordinary = 0x20, special = 0x40, excited = 0x80
    static let oneExcited = 1, ordinaryExcitedEW = 2, ordinaryExcitedNS = 4, specialExcited = 8, confluentExcited = 16
    static let inNS = 32, inEW = 64, outNS = 128, outEW = 256, ordinaryOther = 512, specialOther = 1024
    static let ordinaryExcitedAny = ordinaryExcitedNS | ordinaryExcitedEW
    static let crossing = inNS | inEW | outNS | outEW
    static let anyOut = outNS | outEW

    /// Golly's internal code of each of the 32 states.
    static let internalCode: [Int] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 32, 33, 34, 35, 160, 161, 162, 163, 64, 65, 66, 67,
                                      192, 193, 194, 195, 16, 144, 17, 145, 146, 148, 150]

    /// The state of an internal code (255 for a code that is none).
    static let stateOfCode: [UInt8] = {
        var states = [UInt8](repeating: 255, count: 256)
        for (state, code) in internalCode.enumerated() { states[code] = UInt8(state) }
        return states
    }()

    /// What a neighbour of code `code`, on side `side` of a cell of code `cell`, sends it (side
    /// is the direction from the neighbour to the cell: the north neighbour sends south).
    static func sent(cell: Int, code: Int, side: Int) -> Int {
        if code & (excited | ordinary | special | confluent | 1) == 0 { return 0 }
        if code & confluent != 0 {
            if cell & (ordinary | special) != 0 && (cell & 3) ^ 2 == side { return 0 }
            if code & 2 != 0 && side & 1 == 0 { return confluentExcited }
            if code & 4 != 0 && side & 1 != 0 { return confluentExcited }
            if code & 1 != 0 { return confluentExcited }
            return 0
        }
        if code & (ordinary | special) == 0 { return 0 }
        var bits = 0
        if code & 3 == side {
            if code & ordinary != 0 {
                if side & 1 != 0 {
                    bits |= inNS | (code & excited != 0 ? ordinaryExcitedNS : oneExcited)
                } else {
                    bits |= inEW | (code & excited != 0 ? ordinaryExcitedEW : oneExcited)
                }
            } else if code & (special | excited) == special | excited {
                bits |= specialExcited
            }
            // Head to head, the excitation does not pass on.
            if !(cell & (ordinary | special) != 0 && side ^ (cell & 3) == 2) {
                if bits & ordinaryExcitedAny != 0 { bits |= ordinaryOther }
                if bits & specialExcited != 0 { bits |= specialOther }
            }
        } else {
            bits |= side & 1 != 0 ? outNS : outEW
        }
        return bits
    }

    /// The next internal code of a cell of code `cell` that receives `bits`.
    /// What a sensitized state becomes after its last input: codes for 9 … 17 of `2c + bit`.
    static let constructed = [0x22, 0x23, 0x40, 0x41, 0x42, 0x43, 0x10, 0x20, 0x21]

    func nextCode(cell: Int, bits: Int) -> Int {
        var c = cell
        if c < Self.confluent {
            c = bits & (Self.ordinaryExcitedAny | Self.specialExcited) != 0 ? 2 * c + 1 : 2 * c
            if c > 8 { c = Self.constructed[c - 9] }
        } else if c & Self.confluent != 0 {
            if bits & Self.specialExcited != 0 {
                c = 0
            } else if self == .nobili32 && bits & Self.crossing == Self.crossing {
                c = bits & Self.ordinaryExcitedAny != 0 ? (bits & Self.ordinaryExcitedAny) + Self.confluent + 0x80 : Self.confluent
            } else {
                if c & 6 != 0 { c &= ~(6 | 0x80) }  // was a crossing, is no more
                if bits & Self.ordinaryExcitedAny != 0 && bits & Self.oneExcited == 0 {
                    c = ((c & 0x80) >> 7) + (0x80 | Self.confluent)
                } else if bits & Self.anyOut != 0 || self == .jvn29 {
                    c = ((c & 0x80) >> 7) + Self.confluent
                }
            }
        } else {
            if (c & Self.ordinary != 0 && bits & Self.specialExcited != 0) || (c & Self.special != 0 && bits & Self.ordinaryExcitedAny != 0) {
                c = 0
            } else if bits & (Self.specialOther | Self.ordinaryOther | Self.confluentExcited) != 0 {
                c |= 128
            } else {
                c &= 127
            }
        }
        return c
    }
}

/// JvN29's and Nobili32's transitions as tables: what each neighbour sends, by the cell's
/// state, the neighbour's state and the side, and the next state by the cell's state and the
/// union of what it receives. Immutable and shared.
final class JvNTables: Sendable {
    let variant: JvNVariant
    /// `sent[(cell * 32 + neighbour) * 4 + side]`: the bits a neighbour sends.
    let sent: [UInt16]
    /// `next[cell * 2048 + bits]`: the next state.
    let next: [UInt8]

    init(_ variant: JvNVariant) {
        precondition(variant != .hutton32, "Hutton32 has no tables")
        self.variant = variant
        let count = variant.stateCount
        var sent = [UInt16](repeating: 0, count: 32 * 32 * 4)
        var next = [UInt8](repeating: 0, count: 32 * 2048)
        for cell in 0..<32 {
            let cellCode = JvNVariant.internalCode[cell]
            for neighbour in 0..<32 {
                for side in 0..<4 {
                    sent[(cell * 32 + neighbour) * 4 + side] = UInt16(JvNVariant.sent(cell: cellCode, code: JvNVariant.internalCode[neighbour], side: side))
                }
            }
            for bits in 0..<2048 {
                let state = JvNVariant.stateOfCode[variant.nextCode(cell: cellCode, bits: bits)]
                // A code that is no state of the variant (never reached from its own states)
                // leaves the cell as it is.
                next[cell * 2048 + bits] = Int(state) < count ? state : UInt8(cell)
            }
        }
        self.sent = sent
        self.next = next
    }

    /// The next state of a cell `c` whose north, east, south and west neighbours are `n`, `e`,
    /// `s`, `w` (all below 32).
    @inline(__always)
    func step(_ c: UInt8, n: UInt8, e: UInt8, s: UInt8, w: UInt8) -> UInt8 {
        let base = Int(c) &* 128
        let bits = sent[base &+ Int(n) &* 4 &+ JvNVariant.south] | sent[base &+ Int(w) &* 4 &+ JvNVariant.east]
            | sent[base &+ Int(e) &* 4 &+ JvNVariant.west] | sent[base &+ Int(s) &* 4 &+ JvNVariant.north]
        return next[Int(c) &* 2048 &+ Int(bits)]
    }
}

extension JvNVariant {
    /// The next state of a cell `c` with neighbours `n`, `e`, `s`, `w` (each below the state
    /// count), straight from the definitions: the reference the tables are checked against.
    public func next(_ c: UInt8, n: UInt8, e: UInt8, s: UInt8, w: UInt8) -> UInt8 {
        if self == .hutton32 { return JvNVariant.hutton32Next(c, n: n, e: e, s: s, w: w) }
        let code = JvNVariant.internalCode[Int(c)]
        let bits = JvNVariant.sent(cell: code, code: JvNVariant.internalCode[Int(n)], side: JvNVariant.south)
            | JvNVariant.sent(cell: code, code: JvNVariant.internalCode[Int(w)], side: JvNVariant.east)
            | JvNVariant.sent(cell: code, code: JvNVariant.internalCode[Int(e)], side: JvNVariant.west)
            | JvNVariant.sent(cell: code, code: JvNVariant.internalCode[Int(s)], side: JvNVariant.north)
        let state = JvNVariant.stateOfCode[nextCode(cell: code, bits: bits)]
        return Int(state) < stateCount ? state : c
    }
}

extension JvNTables {
    /// The tables of each variant, made once.
    static let jvn29 = JvNTables(.jvn29)
    static let nobili32 = JvNTables(.nobili32)
}
