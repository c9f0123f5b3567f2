// JvN+Hutton32.swift — Tim Hutton's 32-state rule (Golly's Hutton32): Nobili32 with
// write-and-retract construction arms and rotation-invariant construction. Written from the
// rule's definition as Golly states it: the predicates below name what the cell sees on its
// four sides, and `hutton32Next` is the transition by the cell's state.

extension JvNVariant {
    static func isOrdinary(_ c: UInt8) -> Bool { c >= 9 && c <= 16 }
    static func isSpecial(_ c: UInt8) -> Bool { c >= 17 && c <= 24 }
    static func isTransmission(_ c: UInt8) -> Bool { isOrdinary(c) || isSpecial(c) }
    static func isSensitized(_ c: UInt8) -> Bool { c >= 1 && c <= 8 }
    static func pointsEast(_ c: UInt8) -> Bool { c == 9 || c == 13 || c == 17 || c == 21 }
    static func pointsNorth(_ c: UInt8) -> Bool { c == 10 || c == 14 || c == 18 || c == 22 }
    static func pointsWest(_ c: UInt8) -> Bool { c == 11 || c == 15 || c == 19 || c == 23 }
    static func pointsSouth(_ c: UInt8) -> Bool { c == 12 || c == 16 || c == 20 || c == 24 }
    static func isExcited(_ c: UInt8) -> Bool { (c >= 13 && c <= 16) || (c >= 21 && c <= 24) }
    /// The direction a transmission state points: 0 east, 1 north, 2 west, 3 south. For other
    /// states it is what Golly's C arithmetic gives (a negative remainder, cut to a byte), which
    /// the transitions below then use as Golly does.
    static func direction(_ c: UInt8) -> UInt8 { UInt8(truncatingIfNeeded: (Int(c) - 9) % 4) }

    /// A state computed as Golly computes it: in int, then cut to a byte.
    static func byte(_ value: Int) -> UInt8 { UInt8(truncatingIfNeeded: value) }

    /// The state of the cell `c` points at.
    static func output(_ c: UInt8, _ n: UInt8, _ s: UInt8, _ e: UInt8, _ w: UInt8) -> UInt8 {
        if pointsEast(c) { return e }
        if pointsNorth(c) { return n }
        if pointsWest(c) { return w }
        if pointsSouth(c) { return s }
        return 0
    }

    /// The excited state pointing at the cell (0 when none).
    static func input(_ n: UInt8, _ s: UInt8, _ e: UInt8, _ w: UInt8) -> UInt8 {
        if pointsEast(w) && isExcited(w) { return w }
        if pointsNorth(s) && isExcited(s) { return s }
        if pointsWest(e) && isExcited(e) { return e }
        if pointsSouth(n) && isExcited(n) { return n }
        return 0
    }

    static func outputBecomesOrdinary(_ c: UInt8, _ n: UInt8, _ s: UInt8, _ e: UInt8, _ w: UInt8) -> Bool {
        let out = output(c, n, s, e, w)
        return out == 8 || (out == 4 && isExcited(c)) || (out == 5 && !isExcited(c))
    }

    static func outputBecomesConfluent(_ c: UInt8, _ n: UInt8, _ s: UInt8, _ e: UInt8, _ w: UInt8) -> Bool {
        output(c, n, s, e, w) == 7 && isExcited(c)
    }

    static func outputBecomesSensitized(_ c: UInt8, _ n: UInt8, _ s: UInt8, _ e: UInt8, _ w: UInt8) -> Bool {
        let out = output(c, n, s, e, w)
        return (out == 0 && isExcited(c)) || out == 1 || out == 2 || out == 3 || (out == 4 && !isOrdinary(c))
    }

    /// An excited ordinary state (or an excited confluent one) that reaches the cell next.
    static func excitedOrdinaryReaches(_ c: UInt8, _ n: UInt8, _ s: UInt8, _ e: UInt8, _ w: UInt8) -> Bool {
        ((n == 16 || n == 27 || n == 28 || n == 30 || n == 31) && !(c == 14 || c == 10))
            || ((s == 14 || s == 27 || s == 28 || s == 30 || s == 31) && !(c == 16 || c == 12))
            || ((e == 15 || e == 27 || e == 28 || e == 29 || e == 31) && !(c == 13 || c == 9))
            || ((w == 13 || w == 27 || w == 28 || w == 29 || w == 31) && !(c == 15 || c == 11))
    }

    /// An excited ordinary arrow pointing at the cell.
    static func excitedOrdinaryArrow(_ c: UInt8, _ n: UInt8, _ s: UInt8, _ e: UInt8, _ w: UInt8) -> Bool {
        (n == 16 && !(c == 14 || c == 10)) || (s == 14 && !(c == 16 || c == 12))
            || (e == 15 && !(c == 13 || c == 9)) || (w == 13 && !(c == 15 || c == 11))
    }

    /// An ordinary arrow pointing at the cell.
    static func ordinaryArrow(_ n: UInt8, _ s: UInt8, _ e: UInt8, _ w: UInt8) -> Bool {
        (isOrdinary(n) && pointsSouth(n)) || (isOrdinary(s) && pointsNorth(s))
            || (isOrdinary(e) && pointsWest(e)) || (isOrdinary(w) && pointsEast(w))
    }

    /// An excited special state (or an excited confluent one) that reaches the cell next.
    static func excitedSpecialReaches(_ c: UInt8, _ n: UInt8, _ s: UInt8, _ e: UInt8, _ w: UInt8) -> Bool {
        ((n == 24 || n == 27 || n == 28 || n == 30 || n == 31) && !(c == 22 || c == 18))
            || ((s == 22 || s == 27 || s == 28 || s == 30 || s == 31) && !(c == 24 || c == 20))
            || ((e == 23 || e == 27 || e == 28 || e == 29 || e == 31) && !(c == 21 || c == 17))
            || ((w == 21 || w == 27 || w == 28 || w == 29 || w == 31) && !(c == 23 || c == 19))
    }

    /// An excited special arrow pointing at the cell.
    static func excitedSpecialArrow(_ c: UInt8, _ n: UInt8, _ s: UInt8, _ e: UInt8, _ w: UInt8) -> Bool {
        (n == 24 && !(c == 22 || c == 18)) || (s == 22 && !(c == 24 || c == 20))
            || (e == 23 && !(c == 21 || c == 17)) || (w == 21 && !(c == 23 || c == 19))
    }

    /// Every ordinary arrow pointing at the cell is excited, and there is one.
    static func allInputsOn(_ n: UInt8, _ s: UInt8, _ e: UInt8, _ w: UInt8) -> Bool {
        !(n == 12 || s == 10 || e == 11 || w == 9) && (n == 16 || s == 14 || e == 15 || w == 13)
    }

    /// Two transmission states point in and two out: a crossing.
    static func isCrossing(_ n: UInt8, _ s: UInt8, _ e: UInt8, _ w: UInt8) -> Bool {
        var inputs = 0, outputs = 0
        if pointsSouth(n) { inputs += 1 }
        if pointsEast(w) { inputs += 1 }
        if pointsWest(e) { inputs += 1 }
        if pointsNorth(s) { inputs += 1 }
        if isTransmission(n) && !pointsSouth(n) { outputs += 1 }
        if isTransmission(w) && !pointsEast(w) { outputs += 1 }
        if isTransmission(e) && !pointsWest(e) { outputs += 1 }
        if isTransmission(s) && !pointsNorth(s) { outputs += 1 }
        return inputs == 2 && outputs == 2
    }

    /// The quiescent form of a state.
    static func quiesce(_ c: UInt8) -> UInt8 {
        if (c >= 13 && c <= 16) || (c >= 21 && c <= 24) { return c - 4 }
        if c >= 26 && c <= 31 { return 25 }
        return c
    }

    /// The crossing state of a confluent cell by the excited arrows into it.
    static func crossingState(_ n: UInt8, _ s: UInt8, _ e: UInt8, _ w: UInt8) -> UInt8 {
        let vertical = n == 16 || s == 14, horizontal = e == 15 || w == 13
        return vertical && horizontal ? 31 : vertical ? 30 : horizontal ? 29 : 25
    }

    /// Hutton32's next state of `c`.
    static func hutton32Next(_ c: UInt8, n: UInt8, e: UInt8, s: UInt8, w: UInt8) -> UInt8 {
        if isOrdinary(c) {
            if excitedSpecialArrow(c, n, s, e, w) { return 0 }
            if excitedOrdinaryReaches(c, n, s, e, w) {
                let out = output(c, n, s, e, w)
                if outputBecomesOrdinary(c, n, s, e, w) || (isSpecial(out) && !isExcited(out)) { return 0 }  // retraction
                if outputBecomesConfluent(c, n, s, e, w) { return 1 }
                return quiesce(c) + 4
            }
            if outputBecomesConfluent(c, n, s, e, w) { return 0 }
            // The end of a wire marks the sensitized cell's input with an excited special state.
            if isExcited(c) && outputBecomesSensitized(c, n, s, e, w) { return quiesce(c) + 12 }
            return quiesce(c)
        }
        if isSpecial(c) {
            if isExcited(c) && isSensitized(output(c, n, s, e, w)) && ordinaryArrow(n, s, e, w) {
                // The mark at the end of an ordinary wire.
                if outputBecomesSensitized(c, n, s, e, w) {
                    return excitedOrdinaryArrow(c, n, s, e, w) ? c - 8 : c
                }
                return excitedOrdinaryArrow(c, n, s, e, w) ? 0 : quiesce(c) - 8  // write and retract, or revert
            }
            if isExcited(c) && output(c, n, s, e, w) == 0 {
                return excitedSpecialArrow(c, n, s, e, w) ? c : quiesce(c)
            }
            if excitedOrdinaryArrow(c, n, s, e, w) { return 0 }
            if excitedSpecialReaches(c, n, s, e, w) { return quiesce(c) + 4 }
            return quiesce(c)
        }
        let arrow = excitedOrdinaryArrow(c, n, s, e, w)
        let incoming = input(n, s, e, w)
        let from = Int(quiesce(incoming))
        // Turns relative to the incoming arrow, in Golly's int arithmetic (C's remainder keeps
        // the sign: with no arrow in, `from` is 0 and the remainder negative).
        func turned(_ by: Int, base: Int) -> UInt8 { byte((from - 9 + by) % 4 + base) }
        switch c {
        case 0:
            if arrow { return 1 }
            if excitedSpecialArrow(c, n, s, e, w) { return byte(from - 8) }
            return 0
        case 1: return arrow ? 3 : 2
        case 2: return arrow ? 5 : 4
        case 3: return arrow ? 7 : 6
        case 4: return arrow ? turned(2, base: 9) : 8
        case 5: return arrow ? byte(from + 8) : turned(3, base: 9)
        case 6: return arrow ? turned(2, base: 17) : turned(1, base: 17)
        case 7: return arrow ? 25 : turned(3, base: 17)
        case 8: return byte(9 + Int(direction(arrow ? byte(Int(incoming) + 1) : incoming)))
        case 25:
            if excitedSpecialArrow(c, n, s, e, w) { return 0 }
            if isCrossing(n, s, e, w) { return crossingState(n, s, e, w) }
            return allInputsOn(n, s, e, w) ? 26 : 25
        case 26, 28:
            if excitedSpecialArrow(c, n, s, e, w) { return 0 }
            return allInputsOn(n, s, e, w) ? 28 : 27
        case 27:
            if excitedSpecialArrow(c, n, s, e, w) { return 0 }
            return allInputsOn(n, s, e, w) ? 26 : 25
        case 29, 30, 31:
            if excitedSpecialArrow(c, n, s, e, w) { return 0 }
            return crossingState(n, s, e, w)
        default:
            return c
        }
    }
}
