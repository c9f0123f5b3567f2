import Testing
@testable import HashlifeBigInt
import HashlifeEngine

/// The engine's SplitMix64, so every run checks the same values.
private struct BigIntegerTestRNG: RandomNumberGenerator {
    var source: SplitMix64
    init(seed: UInt64) { source = SplitMix64(seed: seed) }
    mutating func next() -> UInt64 { source.next() }

    /// A limb biased towards carry- and borrow-heavy patterns.
    mutating func limb() -> UInt64 {
        switch next() % 8 {
        case 0: return 0
        case 1: return .max
        case 2: return 1 << 63
        case 3: return 1
        default: return next()
        }
    }

    /// A value with 0...maxLimbs limbs (top limb may be anything, so widths vary).
    mutating func bigUInt(maxLimbs: Int) -> BigUInt {
        let count = Int(next() % UInt64(maxLimbs + 1))
        return BigUInt(limbs: (0..<count).map { _ in limb() })
    }

    mutating func nonZeroBigUInt(maxLimbs: Int) -> BigUInt {
        while true {
            let value = bigUInt(maxLimbs: maxLimbs)
            if !value.isZero { return value }
        }
    }
}

/// Decimal text by repeated division by 10: slow, but independent of the 10^19 chunking and
/// the reciprocal division used by `description`.
private func referenceDecimal(_ value: BigUInt) -> String {
    if value.isZero { return "0" }
    var digits: [Character] = []
    var rest = value
    while !rest.isZero {
        let (q, r) = rest.quotientAndRemainder(dividingBy: 10 as UInt64)
        digits.append(Character(String(r)))
        rest = q
    }
    return String(digits.reversed())
}

private func parseError(_ text: String) -> NumberSyntaxError? {
    do {
        _ = try BigUInt.parseCount(text)
        return nil
    } catch {
        return error
    }
}

@Suite struct BigIntegerTests {
    // MARK: Representation

    @Test func zeroAndNormalization() {
        #expect(BigUInt().limbs == [])
        #expect(BigUInt.zero.isZero)
        #expect(BigUInt(limbs: [0, 0, 0]) == .zero)
        #expect(BigUInt(limbs: [0, 0, 0]).limbs == [])
        #expect(BigUInt(limbs: [7, 0, 0]) == BigUInt(7 as UInt64))
        #expect(BigUInt(limbs: [7, 0, 0]).limbs == [7])
        #expect(BigUInt(limbs: [1, 2, 0]).limbs == [1, 2])
        #expect(BigUInt(limbs: [5, 0]).hashValue == BigUInt(5 as UInt64).hashValue)
        #expect(Set([BigUInt(limbs: [5, 0]), BigUInt(5 as UInt64), BigUInt(5)]).count == 1)
        #expect(BigUInt(UInt128(UInt64.max) + 1).limbs == [0, 1])
        #expect(BigUInt(UInt128(42)).limbs == [42])
        #expect(BigUInt(0).limbs == [])
        #expect(BigUInt.one.limbs == [1])
    }

    @Test func bitInspection() {
        let value = BigUInt(limbs: [0b1011_0000, 0, 1 << 5])  // bits 4, 5, 7 and 133
        #expect(value.bitWidth == 134)
        #expect(value.trailingZeroBitCount == 4)
        #expect(value.nonzeroBitCount == 4)
        #expect(value.bit(4) && value.bit(5) && value.bit(7) && value.bit(133))
        #expect(!value.bit(6) && !value.bit(64) && !value.bit(132) && !value.bit(134) && !value.bit(10_000))
        #expect(BigUInt.zero.bitWidth == 0)
        #expect(BigUInt.zero.trailingZeroBitCount == 0)
        #expect(BigUInt.zero.nonzeroBitCount == 0)
        #expect(!BigUInt.zero.bit(0))
        #expect(BigUInt(UInt64.max).bitWidth == 64)
        #expect(BigUInt(limbs: [0, 0, 1]).trailingZeroBitCount == 128)
        #expect(BigUInt.powerOfTwo(1000).bitWidth == 1001)
        #expect(BigUInt.powerOfTwo(1000).trailingZeroBitCount == 1000)
    }

    @Test func conversions() {
        #expect(BigUInt(UInt64.max).uint64Value == UInt64.max)
        #expect(BigUInt(limbs: [0, 1]).uint64Value == nil)
        #expect(BigUInt(UInt64(Int.max)).intValue == Int.max)
        #expect(BigUInt(UInt64(Int.max) + 1).intValue == nil)
        #expect(BigUInt(limbs: [3, 1]).intValue == nil)
        #expect(BigUInt.zero.intValue == 0)
        #expect(BigInt(Int.min).intValue == Int.min)
        #expect(BigInt(Int.max).intValue == Int.max)
        #expect((BigInt(Int.min) - 1).intValue == nil)
        #expect((BigInt(Int.max) + 1).intValue == nil)
        #expect(BigInt(-5).magnitude == BigUInt(5))
    }

    @Test func literals() {
        let big: BigUInt = 340282366920938463463374607431768211456
        #expect(big == BigUInt.powerOfTwo(128))
        let maxLimb: BigUInt = 18446744073709551615
        #expect(maxLimb == BigUInt(UInt64.max))
        let negative: BigInt = -340282366920938463463374607431768211456
        #expect(negative == BigInt(sign: true, magnitude: .powerOfTwo(128)))
        let minusOne: BigInt = -1
        #expect(minusOne.isNegative && minusOne.magnitude == .one)
        let minInt: BigInt = -9223372036854775808
        #expect(minInt.intValue == Int.min)
        let minusTwoTo64: BigInt = -18446744073709551616
        #expect(minusTwoTo64.magnitude == .powerOfTwo(64))
        #expect(BigUInt(12) == (12 as BigUInt))
        #expect((0 as BigInt).isZero && !(0 as BigInt).isNegative)
    }

    // MARK: Addition and subtraction

    @Test func carryAndBorrowChainsAcrossLimbs() {
        for limbCount in 1...6 {
            let allOnes = BigUInt(limbs: Array(repeating: .max, count: limbCount))
            let power = BigUInt.powerOfTwo(64 * limbCount)
            #expect(allOnes + .one == power)
            #expect(BigUInt.one + allOnes == power)
            #expect(power - .one == allOnes)
            #expect(power - allOnes == .one)
            var accumulator = allOnes
            accumulator += .one
            #expect(accumulator == power)
            accumulator -= .one
            #expect(accumulator == allOnes)
            #expect(allOnes + allOnes == (allOnes << 1))
            #expect((power + power) - power == power)
        }
        // A borrow that runs through zero limbs.
        #expect(BigUInt(limbs: [0, 0, 0, 1]) - BigUInt(1) == BigUInt(limbs: [.max, .max, .max]))
        #expect(BigUInt(UInt64.max) + BigUInt(UInt64.max) == BigUInt(limbs: [.max - 1, 1]))
        // In-place addition where the left side is long and the carry runs off its end.
        var x = BigUInt(limbs: [.max, .max, .max])
        x += BigUInt(limbs: [1, 0, 0])
        #expect(x.limbs == [0, 0, 0, 1])
        // Mixed with Int.
        #expect(BigUInt(limbs: [.max, .max]) + 1 == BigUInt.powerOfTwo(128))
        #expect(BigUInt.powerOfTwo(128) - 1 == BigUInt(limbs: [.max, .max]))
        let minusThree = -3
        #expect(BigUInt(10) + minusThree == BigUInt(7))
        var y = BigUInt(UInt64.max)
        y += 1
        #expect(y == .powerOfTwo(64))
        y -= 1
        #expect(y == BigUInt(UInt64.max))
    }

    @Test func additionAndSubtractionRandom() {
        var rng = BigIntegerTestRNG(seed: 1)
        for _ in 0..<2000 {
            let a = rng.bigUInt(maxLimbs: 6), b = rng.bigUInt(maxLimbs: 6)
            let sum = a + b
            #expect(sum - b == a)
            #expect(sum - a == b)
            #expect(sum == b + a)
            #expect(sum >= a && sum >= b)
            var inPlace = a
            inPlace += b
            #expect(inPlace == sum)
            inPlace -= a
            #expect(inPlace == b)
            #expect(sum.limbs.last != 0)
        }
    }

    @Test func smallValuesMatchUInt64() {
        var rng = BigIntegerTestRNG(seed: 2)
        for _ in 0..<2000 {
            let x = rng.next() >> (rng.next() % 64), y = rng.next() >> (rng.next() % 64)
            let a = BigUInt(x), b = BigUInt(y)
            #expect((a < b) == (x < y))
            #expect((a == b) == (x == y))
            #expect(a + b == BigUInt(UInt128(x) + UInt128(y)))
            if x >= y { #expect(a - b == BigUInt(x - y)) }
        }
    }

    // MARK: Multiplication

    @Test func multiplicationMatchesUInt128() {
        var rng = BigIntegerTestRNG(seed: 3)
        for _ in 0..<5000 {
            let x = rng.limb() >> (rng.next() % 64), y = rng.limb() >> (rng.next() % 64)
            let product = BigUInt(x) * BigUInt(y)
            #expect(product == BigUInt(UInt128(x) * UInt128(y)))
            var inPlace = BigUInt(x)
            inPlace *= BigUInt(y)
            #expect(inPlace == product)
        }
        #expect(BigUInt(UInt64.max) * BigUInt(UInt64.max) == BigUInt(UInt128(UInt64.max) * UInt128(UInt64.max)))
    }

    @Test func multiplicationAlgebra() {
        var rng = BigIntegerTestRNG(seed: 4)
        for _ in 0..<500 {
            let a = rng.bigUInt(maxLimbs: 5), b = rng.bigUInt(maxLimbs: 5), c = rng.bigUInt(maxLimbs: 5)
            #expect(a * b == b * a)
            #expect(a * (b + c) == a * b + a * c)
            #expect((a * b) * c == a * (b * c))
            #expect(a * .one == a)
            #expect((a * .zero).isZero)
        }
        // (B^n - 1)^2 = B^2n - 2·B^n + 1
        for n in 1...5 {
            let allOnes = BigUInt(limbs: Array(repeating: .max, count: n))
            let bn = BigUInt.powerOfTwo(64 * n)
            #expect(allOnes * allOnes == bn * bn - (bn << 1) + .one)
        }
    }

    @Test func karatsubaMatchesSchoolbook() {
        var rng = BigIntegerTestRNG(seed: 5)
        let sizes = [(32, 32), (33, 31), (40, 40), (64, 33), (65, 32), (100, 37), (128, 128), (200, 150), (257, 64), (300, 31)]
        for (m, n) in sizes {
            for _ in 0..<3 {
                let x = (0..<m).map { _ in rng.limb() }, y = (0..<n).map { _ in rng.limb() }
                var expected = [UInt64](repeating: 0, count: m + n)
                x.withUnsafeBufferPointer { x in
                    y.withUnsafeBufferPointer { y in
                        expected.withUnsafeMutableBufferPointer { r in BigUInt._multiplySchoolbook(x, y, into: r) }
                    }
                }
                #expect(BigUInt(limbs: x) * BigUInt(limbs: y) == BigUInt(limbs: expected), "sizes \(m)×\(n)")
                #expect(BigUInt(limbs: y) * BigUInt(limbs: x) == BigUInt(limbs: expected), "sizes \(n)×\(m)")
            }
        }
        // Big powers by square-and-multiply (Karatsuba squarings) against repeated one-limb products.
        var repeated = BigUInt.one
        for _ in 0..<5000 { repeated *= BigUInt(3) }
        #expect(BigUInt.power(BigUInt(3), 5000) == repeated)
        // Products of large random values divide back exactly.
        for _ in 0..<20 {
            let x = rng.nonZeroBigUInt(maxLimbs: 400), y = rng.nonZeroBigUInt(maxLimbs: 150)
            let (q, r) = (x * y).quotientAndRemainder(dividingBy: y)
            #expect(q == x && r.isZero)
        }
        // All-ones operands maximize every carry.
        let ones = BigUInt(limbs: Array(repeating: .max, count: 100))
        let b100 = BigUInt.powerOfTwo(6400)
        #expect(ones * ones == b100 * b100 - (b100 << 1) + .one)
    }

    // MARK: Shifts

    @Test func shiftsRoundTrip() {
        var rng = BigIntegerTestRNG(seed: 6)
        for _ in 0..<1000 {
            let a = rng.bigUInt(maxLimbs: 5)
            let n = Int(rng.next() % 300)
            let shifted = a << n
            #expect(shifted >> n == a)
            #expect(shifted == a * BigUInt.powerOfTwo(n))
            #expect(a >> n == a.quotientAndRemainder(dividingBy: BigUInt.powerOfTwo(n)).quotient)
            #expect(shifted.bitWidth == (a.isZero ? 0 : a.bitWidth + n))
        }
        #expect(BigUInt(1) << 64 == BigUInt(limbs: [0, 1]))
        #expect(BigUInt(UInt64.max) << 1 == BigUInt(limbs: [.max - 1, 1]))
        #expect(BigUInt(limbs: [0, 1]) >> 1 == BigUInt(UInt64(1) << 63))
        #expect(BigUInt(12345) >> 64 == .zero)
        #expect(BigUInt(limbs: [1, 2, 3]) >> 1000 == .zero)
        #expect(BigUInt.zero << 1000 == .zero)
        #expect(BigUInt(5) << 0 == BigUInt(5))
    }

    // MARK: Division

    @Test func literalDivisorUsesOneLimbOverload() {
        let (q, r) = BigUInt(100).quotientAndRemainder(dividingBy: 30)
        let remainder: UInt64 = r  // the UInt64 overload, not an ambiguity
        #expect(q == BigUInt(3) && remainder == 10)
        let (q2, r2) = BigUInt.powerOfTwo(100).quotientAndRemainder(dividingBy: BigUInt(30))
        #expect(q2 * BigUInt(30) + r2 == .powerOfTwo(100))
    }

    @Test func divisionBySingleLimbRoundTrip() {
        var rng = BigIntegerTestRNG(seed: 7)
        for _ in 0..<2000 {
            let a = rng.bigUInt(maxLimbs: 6)
            var d = rng.limb() >> (rng.next() % 64)
            if d == 0 { d = 1 }
            let (q, r) = a.quotientAndRemainder(dividingBy: d)
            #expect(r < d)
            #expect(q * BigUInt(d) + BigUInt(r) == a)
        }
    }

    @Test func divisionRoundTripMultiLimb() {
        var rng = BigIntegerTestRNG(seed: 8)
        for _ in 0..<3000 {
            let a = rng.bigUInt(maxLimbs: 10), d = rng.nonZeroBigUInt(maxLimbs: 6)
            let (q, r) = a.quotientAndRemainder(dividingBy: d)
            #expect(r < d)
            #expect(q * d + r == a)
        }
        // Divisors that force the qhat correction and add-back steps.
        let hardDivisors: [BigUInt] = [
            BigUInt(limbs: [.max, .max]), BigUInt(limbs: [0, 1 << 63]), BigUInt(limbs: [1, 1 << 63]),
            BigUInt(limbs: [.max, 1 << 63]), BigUInt(limbs: [0, 0, 1]), BigUInt(limbs: [.max, .max, .max, 0x7FFF_FFFF_FFFF_FFFF]),
            BigUInt(limbs: [1, 0, 0, 1 << 63]), BigUInt(limbs: [0, .max - 1, .max]),
        ]
        for d in hardDivisors {
            for _ in 0..<200 {
                let a = rng.bigUInt(maxLimbs: 12)
                let (q, r) = a.quotientAndRemainder(dividingBy: d)
                #expect(r < d)
                #expect(q * d + r == a)
                let exact = d * rng.bigUInt(maxLimbs: 6)
                let (qe, re) = exact.quotientAndRemainder(dividingBy: d)
                #expect(re.isZero)
                #expect(qe * d == exact)
            }
        }
        let (q, r) = BigUInt(5).quotientAndRemainder(dividingBy: BigUInt.powerOfTwo(100))
        #expect(q.isZero && r == BigUInt(5))
    }

    @Test func reciprocalDivisionMatchesHardwareDivision() {
        var rng = BigIntegerTestRNG(seed: 9)
        var divisors: [UInt64] = [BigUInt._decimalChunk, 1 << 63, .max, (1 << 63) + 1]
        for _ in 0..<50 { divisors.append(rng.next() | (1 << 63)) }
        for d in divisors {
            let v = BigUInt._reciprocal(of: d)
            var cases: [(UInt64, UInt64)] = [(0, 0), (d - 1, .max), (d - 1, 0), (0, .max), (d - 1, d - 1)]
            for _ in 0..<200 { cases.append((rng.next() % d, rng.limb())) }
            for (high, low) in cases {
                let expected = d.dividingFullWidth((high, low))
                let actual = BigUInt._divide2by1(high, low, by: d, reciprocal: v)
                #expect(actual.quotient == expected.quotient && actual.remainder == expected.remainder)
            }
        }
    }

    // MARK: Powers

    @Test func powers() {
        #expect(BigUInt.power(BigUInt(3), 0) == .one)
        #expect(BigUInt.power(.zero, 0) == .one)
        #expect(BigUInt.power(.zero, 5) == .zero)
        #expect(BigUInt.power(BigUInt(3), 5) == BigUInt(243))
        #expect(BigUInt.power(BigUInt(2), 64) == BigUInt(limbs: [0, 1]))
        #expect(BigUInt.power(BigUInt(8), 100) == .powerOfTwo(300))
        var repeated = BigUInt.one
        let base = BigUInt(limbs: [0x1234_5678_9ABC_DEF1, 3])
        for exponent in 0...40 {
            #expect(BigUInt.power(base, exponent) == repeated, "exponent \(exponent)")
            repeated *= base
        }
        #expect(BigUInt.powerOfTwo(0) == .one)
        #expect(BigUInt.powerOfTwo(63) == BigUInt(UInt64(1) << 63))
        #expect(BigUInt.powerOfTwo(200).limbs == [0, 0, 0, 1 << 8])
    }

    // MARK: Decimal text

    @Test func knownDecimalValues() {
        #expect(BigUInt.zero.description == "0")
        #expect(BigUInt(UInt64.max).description == "18446744073709551615")
        #expect(BigUInt.powerOfTwo(64).description == "18446744073709551616")
        #expect(BigUInt.powerOfTwo(128).description == "340282366920938463463374607431768211456")
        #expect(BigUInt.power(BigUInt(10), 19).description == "1" + String(repeating: "0", count: 19))
        #expect(BigUInt.power(BigUInt(10), 100).description == "1" + String(repeating: "0", count: 100))
        #expect(BigUInt.power(BigUInt(10), 100) - .one == BigUInt(decimal: Substring(String(repeating: "9", count: 100))))
        let twoTo1000 = BigUInt.powerOfTwo(1000).description
        #expect(twoTo1000.count == 302)
        #expect(twoTo1000.hasPrefix("10715086071862673209"))
        #expect(twoTo1000.hasSuffix("668069376"))
        #expect(twoTo1000 == referenceDecimal(.powerOfTwo(1000)))
        #expect(BigUInt(decimal: "18446744073709551616") == .powerOfTwo(64))
        #expect(BigUInt(decimal: "340282366920938463463374607431768211456") == .powerOfTwo(128))
        #expect("\(BigUInt(42))" == "42")
    }

    @Test func decimalRoundTripRandom() {
        var rng = BigIntegerTestRNG(seed: 10)
        for _ in 0..<500 {
            let a = rng.bigUInt(maxLimbs: 8)
            let text = a.description
            #expect(text == referenceDecimal(a))
            #expect(BigUInt(decimal: Substring(text)) == a)
            #expect(BigUInt(decimal: Substring("000" + text)) == a)
        }
        // Digit counts around the 19-digit chunk boundaries.
        for digits in [1, 18, 19, 20, 37, 38, 39, 57, 58, 100] {
            let nines = String(repeating: "9", count: digits)
            let value = BigUInt(decimal: Substring(nines))
            #expect(value == BigUInt.power(BigUInt(10), digits) - .one)
            #expect(value?.description == nines)
            let powerText = "1" + String(repeating: "0", count: digits)
            #expect(BigUInt.power(BigUInt(10), digits).description == powerText)
        }
    }

    @Test func longDecimalsRoundTrip() {
        // Lengths on both sides of the Horner/divide-and-conquer switch (64 chunks of 19 digits)
        // and of its power-of-two splits.
        var rng = BigIntegerTestRNG(seed: 15)
        for length in [1215, 1216, 1217, 1235, 2432, 2433, 2451, 5000, 9728, 9729, 20_000] {
            var digits = [Character]()
            digits.append(Character(String(1 + rng.next() % 9)))
            for _ in 1..<length { digits.append(Character(String(rng.next() % 10))) }
            let text = String(digits)
            let value = BigUInt(decimal: Substring(text))
            #expect(value?.description == text, "length \(length)")
        }
        for _ in 0..<20 {
            let a = rng.bigUInt(maxLimbs: 600)
            #expect(BigUInt(decimal: Substring(a.description)) == a)
        }
        let nines = String(repeating: "9", count: 3000)
        #expect(BigUInt(decimal: Substring(nines)) == BigUInt.power(BigUInt(10), 3000) - .one)
        #expect(BigUInt(decimal: Substring(String(repeating: "0", count: 3000) + "17")) == BigUInt(17))
    }

    @Test func decimalParsingRejectsNonDigits() {
        for bad in ["", "+1", "-1", " 1", "1 ", "1_000", "12a", "0x10", "١٢", "1.5", "1e5"] {
            #expect(BigUInt(decimal: Substring(bad)) == nil, "\(bad)")
        }
        #expect(BigUInt(decimal: "0") == .zero)
        #expect(BigUInt(decimal: "0000") == .zero)
        #expect(BigUInt(decimal: "007") == BigUInt(7))
        // A Substring in the middle of a larger string.
        let text = "gen=12345678901234567890123;"
        let start = text.index(text.startIndex, offsetBy: 4), end = text.index(before: text.endIndex)
        #expect(BigUInt(decimal: text[start..<end])?.description == "12345678901234567890123")
    }

    // MARK: parseCount

    @Test func parseCountValues() throws {
        #expect(try BigUInt.parseCount("0") == .zero)
        #expect(try BigUInt.parseCount("123") == BigUInt(123))
        #expect(try BigUInt.parseCount("00123") == BigUInt(123))
        #expect(try BigUInt.parseCount("2^1000") == .powerOfTwo(1000))
        #expect(try BigUInt.parseCount("10^100") == BigUInt.power(BigUInt(10), 100))
        #expect(try BigUInt.parseCount("3^5") == BigUInt(243))
        #expect(try BigUInt.parseCount("12^30") == BigUInt.power(BigUInt(12), 30))
        #expect(try BigUInt.parseCount("7^0") == .one)
        #expect(try BigUInt.parseCount("0^0") == .one)
        #expect(try BigUInt.parseCount("0^5") == .zero)
        #expect(try BigUInt.parseCount("1^99999999999999999999999999") == .one)
        #expect(try BigUInt.parseCount("0^99999999999999999999999999") == .zero)
        #expect(try BigUInt.parseCount("000^5") == .zero)
        #expect(try BigUInt.parseCount("01^77777777777777777777777") == .one)
        #expect(try BigUInt.parseCount("5^000") == .one)
        #expect(try BigUInt.parseCount("0002^0010") == BigUInt(1024))
        #expect(try BigUInt.parseCount("6^100") == BigUInt.power(BigUInt(6), 100))
        #expect(try BigUInt.parseCount("2^16777215") == .powerOfTwo(16_777_215))
        #expect(try BigUInt.parseCount("4^8388607") == .powerOfTwo(16_777_214))
        #expect(try BigUInt.parseCount("18446744073709551616") == .powerOfTwo(64))
    }

    @Test func parseCountErrors() {
        #expect(parseError("")?.reason == .empty)
        #expect(parseError("abc")?.reason == .unexpectedCharacter("a", offset: 0))
        #expect(parseError("2^")?.reason == .empty)
        #expect(parseError("^3")?.reason == .unexpectedCharacter("^", offset: 0))
        #expect(parseError("-5")?.reason == .negative)
        #expect(parseError("2^-5")?.reason == .negative)
        #expect(parseError("1.5")?.reason == .unexpectedCharacter(".", offset: 1))
        #expect(parseError("12x")?.reason == .unexpectedCharacter("x", offset: 2))
        #expect(parseError("2^3^4")?.reason == .unexpectedCharacter("^", offset: 3))
        #expect(parseError("+5")?.reason == .unexpectedCharacter("+", offset: 0))
        #expect(parseError(" 5")?.reason == .unexpectedCharacter(" ", offset: 0))
        #expect(parseError("5-1")?.reason == .unexpectedCharacter("-", offset: 1))
        #expect(parseError("é5")?.reason == .unexpectedCharacter("é", offset: 0))
        #expect(parseError("2^1000000000000")?.reason == .tooLarge)
        #expect(parseError("2^99999999999999999999999999")?.reason == .tooLarge)
        #expect(parseError("2^16777216")?.reason == .tooLarge)
        #expect(parseError("10^5050446")?.reason == .tooLarge)
        #expect(parseError("3^99999999")?.reason == .tooLarge)
        #expect(parseError("123456789^123456789")?.reason == .tooLarge)
        #expect(parseError("10000000000^1000000")?.reason == .tooLarge)
        #expect(parseError("4^8388608")?.reason == .tooLarge)
        #expect(parseError("1" + String(repeating: "0", count: 5_050_446))?.reason == .tooLarge)
        #expect(parseError("2^1000") == nil)
        #expect(parseError("12x")?.text == "12x")
    }

    @Test func parseCountErrorDescriptions() {
        #expect(parseError("12x")?.description
            == "\"12x\": unexpected character 'x' at offset 2; expected decimal digits or B^E such as 2^100")
        #expect(parseError("")?.description == "empty number; expected decimal digits or B^E such as 2^100")
        #expect(parseError("2^")?.description.contains("missing exponent") == true)
        #expect(parseError("-5")?.description.contains("negative") == true)
        #expect(parseError("2^99999999")?.description.contains("too large") == true)
        #expect(parseError("1 2")?.description.contains("U+0020 at offset 1") == true)
        let long = String(repeating: "7", count: 6_000_000)
        #expect(parseError(long)?.reason == .tooLarge)
        #expect((parseError(long)?.description.count ?? .max) < 200)
        #expect(NumberSyntaxError(text: "12", reason: .empty).description.contains("missing digits"))
        for text in ["", "abc", "2^", "-5", "2^99999999", "a\nb"] {
            #expect(parseError(text)?.description.contains("\n") == false)
        }
    }

    // MARK: BigInt

    @Test func bigIntFloorShifts() {
        #expect(BigInt(-1) >> 1 == BigInt(-1))
        #expect(BigInt(-4) >> 1 == BigInt(-2))
        #expect(BigInt(-5) >> 1 == BigInt(-3))
        #expect(BigInt(5) >> 1 == BigInt(2))
        #expect(BigInt(-1) >> 1000 == BigInt(-1))
        #expect(BigInt(1) >> 1000 == BigInt.zero)
        #expect(BigInt(-3) << 4 == BigInt(-48))
        #expect(BigInt(-5) >> 0 == BigInt(-5))
        var rng = BigIntegerTestRNG(seed: 11)
        for _ in 0..<2000 {
            let x = Int64(bitPattern: rng.next()) >> (rng.next() % 64)
            let n = Int(rng.next() % 70)
            #expect(BigInt(Int(x)) >> n == BigInt(Int(x >> min(n, 63))), "\(x) >> \(n)")
        }
        let big = BigInt(sign: true, magnitude: .powerOfTwo(200) + .one)
        #expect(big >> 200 == BigInt(-2))
        #expect(BigInt(sign: true, magnitude: .powerOfTwo(200)) >> 200 == BigInt(-1))
    }

    @Test func bigIntComparisonsAcrossSigns() {
        let values: [BigInt] = [
            BigInt(sign: true, magnitude: .powerOfTwo(130)), BigInt(sign: true, magnitude: .powerOfTwo(64)),
            BigInt(Int.min), -1000, -1, 0, 1, 999, BigInt(Int.max), BigInt(BigUInt.powerOfTwo(64)), BigInt(BigUInt.powerOfTwo(130)),
        ]
        for (i, a) in values.enumerated() {
            for (j, b) in values.enumerated() {
                #expect((a < b) == (i < j), "\(a) < \(b)")
                #expect((a == b) == (i == j), "\(a) == \(b)")
                #expect((a <= b) == (i <= j))
            }
        }
        #expect(values.reversed().sorted() == values)
        #expect(BigInt(sign: true, magnitude: .zero) == BigInt.zero)
        #expect(!BigInt(sign: true, magnitude: .zero).isNegative)
        #expect(-BigInt.zero == BigInt.zero && !(-BigInt.zero).isNegative)
        #expect(BigInt(5) - BigInt(5) == .zero && !(BigInt(5) - BigInt(5)).isNegative)
        #expect(Set([BigInt(sign: true, magnitude: .zero), BigInt.zero, BigInt(0)]).count == 1)
    }

    @Test func bigIntArithmeticMatchesInt128() {
        var rng = BigIntegerTestRNG(seed: 12)
        func random() -> Int64 { Int64(bitPattern: rng.next()) >> (rng.next() % 64) }
        for _ in 0..<3000 {
            let x = random(), y = random()
            let a = BigInt(Int(x)), b = BigInt(Int(y))
            let (x128, y128) = (Int128(x), Int128(y))
            #expect(a + b == BigInt(decimal: Substring(String(x128 + y128))))
            #expect(a - b == BigInt(decimal: Substring(String(x128 - y128))))
            #expect(a * b == BigInt(decimal: Substring(String(x128 * y128))))
            #expect((a < b) == (x < y))
            #expect(a + Int(y) == a + b)
            #expect(a - Int(y) == a - b)
            #expect(Int(x) + b == a + b)
            #expect(Int(x) - b == a - b)
            var c = a
            c += b
            c -= b
            c *= b
            #expect(c == a * b)
            #expect((-a) + a == .zero)
            #expect((a - b).description == String(x128 - y128))
        }
        // Sums whose sign and size change across limb boundaries.
        let twoTo64 = BigInt(BigUInt.powerOfTwo(64))
        #expect(twoTo64 - BigInt(1) == BigInt(decimal: Substring(UInt64.max.description)))
        #expect(BigInt(-1) - twoTo64 == -(twoTo64 + 1))
        #expect(BigInt(Int.min) - 1 == BigInt(sign: true, magnitude: BigUInt(UInt64(1) << 63) + .one))
        #expect(BigInt(Int.max) + 1 == BigInt(BigUInt(UInt64(1) << 63)))
    }

    @Test func bigIntFloorDivided() {
        func check(_ a: BigInt, _ d: BigUInt, _ q: BigInt, _ r: BigUInt) {
            let result = a.floorDivided(by: d)
            #expect(result.quotient == q && result.remainder == r, "\(a) floorDivided by \(d)")
        }
        check(BigInt(7), BigUInt(2), BigInt(3), BigUInt(1))
        check(BigInt(-7), BigUInt(2), BigInt(-4), BigUInt(1))
        check(BigInt(-8), BigUInt(2), BigInt(-4), BigUInt(0))
        check(BigInt(-1), BigUInt(5), BigInt(-1), BigUInt(4))
        check(BigInt(0), BigUInt(5), BigInt(0), BigUInt(0))
        check(BigInt(-5), BigUInt(5), BigInt(-1), BigUInt(0))
        var rng = BigIntegerTestRNG(seed: 13)
        for _ in 0..<1000 {
            let a = BigInt(sign: rng.next() & 1 == 1, magnitude: rng.bigUInt(maxLimbs: 6))
            let d = rng.nonZeroBigUInt(maxLimbs: 4)
            let (q, r) = a.floorDivided(by: d)
            #expect(r < d)
            #expect(q * BigInt(d) + BigInt(r) == a)
        }
        for _ in 0..<1000 {
            let x = Int(Int64(bitPattern: rng.next()) >> (rng.next() % 64))
            var y = Int(rng.next() >> (rng.next() % 64 + 1))
            if y == 0 { y = 1 }
            let (q, r) = BigInt(x).floorDivided(by: BigUInt(y))
            let expectedR = ((x % y) + y) % y
            #expect(r == BigUInt(expectedR))
            #expect(q == BigInt((x - expectedR) / y))
        }
    }

    @Test func bigIntDecimal() {
        #expect(BigInt(-123).description == "-123")
        #expect(BigInt.zero.description == "0")
        #expect(BigInt(sign: true, magnitude: .powerOfTwo(64)).description == "-18446744073709551616")
        #expect(BigInt(decimal: "-18446744073709551616") == BigInt(sign: true, magnitude: .powerOfTwo(64)))
        #expect(BigInt(decimal: "+42") == BigInt(42))
        #expect(BigInt(decimal: "42") == BigInt(42))
        #expect(BigInt(decimal: "-0") == BigInt.zero)
        #expect(BigInt(decimal: "-0")?.isNegative == false)
        for bad in ["", "-", "+", "--1", "+-1", "1-", " -1", "-1a"] {
            #expect(BigInt(decimal: Substring(bad)) == nil, "\(bad)")
        }
        var rng = BigIntegerTestRNG(seed: 14)
        for _ in 0..<300 {
            let a = BigInt(sign: rng.next() & 1 == 1, magnitude: rng.bigUInt(maxLimbs: 5))
            #expect(BigInt(decimal: Substring(a.description)) == a)
        }
    }
}
