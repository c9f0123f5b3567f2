import Testing
import HashlifeEngine
import HashlifeInterface

/// The helpers behind the messages and limits: `Excerpt`, `InputNumber`, `OutputLimit`.
@Suite struct InputTextTests {
    @Test func numbersInMessagesStayShort() {
        #expect(Excerpt.number(BigUInt(12345)) == "12345")
        let googol = BigUInt.power(BigUInt(10), 100)
        #expect(Excerpt.number(googol) == "10000000000000000000…(101 digits)")
        #expect(Excerpt.number(BigInt(sign: true, magnitude: googol)) == "-10000000000000000000…(101 digits)")
        let sixty = String(repeating: "9", count: 60)
        #expect(Excerpt.number(sixty) == sixty, "60 digits are shown whole")
    }

    @Test func excerptsAreShortQuotedAndEscaped() {
        #expect(Excerpt.quote("12x") == "'12x'")
        #expect(Excerpt.quote("a\u{0}b\u{1B}[2J\n'\\") == "'a\\0b\\u{1B}[2J\\n\\'\\\\'")
        let long = String(repeating: "9", count: 100_000)
        #expect(Excerpt.quote(long) == "'" + String(repeating: "9", count: 40) + "'… (100000 bytes)")
        #expect(Excerpt.quote("héllo → ✓") == "'héllo → ✓'")
        #expect(Excerpt.escapingControls("a\u{7}b\nc") == "a\\u{7}b\nc")
        #expect(Excerpt.shortening(long, in: "rule \"\(long)\": bad").utf8.count < 100)
        #expect(Excerpt.shortening("B3/S23", in: "rule \"B3/S23\": bad") == "rule \"B3/S23\": bad")
    }

    @Test func countsAreCheckedAgainstTheirLimitExactly() throws {
        let bits = InputNumber.generationBitLimit
        #expect(bits == 65_001)
        #expect(try InputNumber.count("2^65000", belowBits: bits) == BigUInt.powerOfTwo(65_000))
        // 2^65001 − 1 is the largest: written in decimal it is accepted, one more is not.
        let largest = (BigUInt.powerOfTwo(65_001) - BigUInt.one).description
        #expect(try InputNumber.count(largest, belowBits: bits).bitWidth == 65_001)
        let justOver = BigUInt.powerOfTwo(65_001).description
        for text in [justOver, "2^65001", "4^32501", "10^19568", "3^41013", "0" + justOver] {
            #expect(throws: InputNumber.Failure(text: text, reason: .beyondLimit(bits: bits))) { try InputNumber.count(text, belowBits: bits) }
        }
        #expect(try InputNumber.count("10^19567", belowBits: bits).bitWidth <= bits)
        #expect(try InputNumber.count("1^99999999999999999999", belowBits: bits) == .one)
        #expect(try InputNumber.count("0^5", belowBits: bits) == .zero)
        #expect(try InputNumber.count("000000000000000000000000000000000000000000000000007", belowBits: 3) == BigUInt(7))
        #expect(throws: InputNumber.Failure.self) { try InputNumber.count("8", belowBits: 3) }
        #expect(throws: InputNumber.Failure.self) { try InputNumber.count("12x", belowBits: bits) }
    }

    @Test func lengthAloneRefusesHugeNumbersQuickly() {
        let clock = ContinuousClock()
        let start = clock.now
        let digits = String(repeating: "7", count: 1_000_000)
        for text in [digits, "7^" + digits, digits + "^2", "-" + digits, "123456^54321"] {
            #expect(throws: InputNumber.Failure.self) { try InputNumber.integer(text, belowBits: InputNumber.coordinateBitLimit) }
        }
        #expect(clock.now - start < .seconds(2))
    }

    @Test func signedIntegersReportTheWholeWord() throws {
        #expect(try InputNumber.integer("-2^64", belowBits: 65_000) == BigInt(sign: true, magnitude: BigUInt.powerOfTwo(64)))
        #expect(try InputNumber.integer("+5", belowBits: 8) == BigInt(5))
        let failure = InputNumber.Failure(text: "-2^65000", reason: .beyondLimit(bits: 65_000))
        #expect(failure.description == "'-2^65000' is beyond the engine's limit: it must be below 2^65000 in magnitude")
        do {
            _ = try InputNumber.integer("-1x", belowBits: 8)
            Issue.record("accepted -1x")
        } catch {
            #expect(error.description.contains("offset 2"))
        }
    }
}
