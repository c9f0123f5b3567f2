// Decimal text for BigUInt: printing (chunked division by 10^19), parsing, and the
// generation-count syntax `digits` or `B^E`.

extension BigUInt: CustomStringConvertible {
    /// 10^19, the largest power of ten that fits in a limb. Its top bit is set, so it is already
    /// normalized for the reciprocal division below.
    internal static let _decimalChunk: UInt64 = 10_000_000_000_000_000_000
    internal static let _decimalChunkDigits = 19
    /// floor((2^128 - 1) / 10^19) - 2^64, the reciprocal `description` divides by.
    internal static let _decimalChunkReciprocal: UInt64 = _reciprocal(of: _decimalChunk)

    /// floor((2^128 - 1) / d) - 2^64 for a normalized `d` (top bit set).
    internal static func _reciprocal(of d: UInt64) -> UInt64 {
        precondition(d >> 63 == 1, "divisor must be normalized")
        // (2^128 - 1) - 2^64·d = (~d)·2^64 + (2^64 - 1), and ~d < d, so this cannot overflow.
        return d.dividingFullWidth((~d, UInt64.max)).quotient
    }

    /// Divides the two-limb value (high, low) by a normalized `d` given its reciprocal `v`.
    /// Requires `high < d`. Möller and Granlund, "Improved division by invariant integers"
    /// (IEEE Trans. Computers, 2011), Algorithm 4: two multiplications instead of a hardware divide.
    @inline(__always)
    internal static func _divide2by1(_ high: UInt64, _ low: UInt64, by d: UInt64, reciprocal v: UInt64)
        -> (quotient: UInt64, remainder: UInt64)
    {
        let (productHigh, productLow) = v.multipliedFullWidth(by: high)
        let (q0, carry) = productLow.addingReportingOverflow(low)
        var q1 = productHigh &+ high &+ (carry ? 1 : 0) &+ 1
        var r = low &- q1 &* d
        if r > q0 {
            q1 &-= 1
            r &+= d
        }
        if r >= d {
            q1 &+= 1
            r &-= d
        }
        return (q1, r)
    }

    // MARK: Printing

    /// Decimal digits, "0" for zero.
    public var description: String {
        guard case .large(var work) = _storage else { return String(_smallValue!) }

        // Peel off base-10^19 digits, least significant first, dividing a scratch copy in place.
        var chunks: [UInt64] = []
        chunks.reserveCapacity(work.count * 64 / 63 + 1)
        let d = BigUInt._decimalChunk, v = BigUInt._decimalChunkReciprocal
        work.withUnsafeMutableBufferPointer { limbs in
            var count = limbs.count
            while count > 0 {
                var remainder: UInt64 = 0
                var i = count - 1
                while i >= 0 {
                    let (q, r) = BigUInt._divide2by1(remainder, limbs[i], by: d, reciprocal: v)
                    limbs[i] = q
                    remainder = r
                    i -= 1
                }
                chunks.append(remainder)
                while count > 0 && limbs[count - 1] == 0 { count -= 1 }
            }
        }

        let leading = String(chunks[chunks.count - 1])
        let digitsPerChunk = BigUInt._decimalChunkDigits
        let total = leading.utf8.count + digitsPerChunk * (chunks.count - 1)
        return String(unsafeUninitializedCapacity: total) { buffer in
            var position = 0
            for byte in leading.utf8 {
                buffer[position] = byte
                position += 1
            }
            var index = chunks.count - 2
            while index >= 0 {
                var chunk = chunks[index]
                var digit = position + digitsPerChunk - 1
                while digit >= position {
                    buffer[digit] = UInt8(truncatingIfNeeded: chunk % 10) &+ 48
                    chunk /= 10
                    digit -= 1
                }
                position += digitsPerChunk
                index -= 1
            }
            return total
        }
    }

    // MARK: Parsing

    /// Parses ASCII decimal digits (at least one; leading zeros allowed). Anything else,
    /// including signs, spaces, underscores and non-ASCII digits, gives nil.
    public init?(decimal text: Substring) {
        let parsed = text.utf8.withContiguousStorageIfAvailable { BigUInt._parseDecimal($0) }
        let value: BigUInt?
        if let parsed {
            value = parsed
        } else {
            value = Array(text.utf8).withUnsafeBufferPointer { BigUInt._parseDecimal($0) }
        }
        guard let value else { return nil }
        self = value
    }

    /// Parses ASCII decimal digits, or returns nil.
    internal static func _parseDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> BigUInt? {
        if bytes.isEmpty { return nil }
        for byte in bytes where byte &- 48 >= 10 { return nil }
        var start = 0
        while start < bytes.count - 1 && bytes[start] == 48 { start += 1 }
        let digitCount = bytes.count - start

        @inline(__always) func chunkValue(_ from: Int, _ to: Int) -> UInt64 {
            var value: UInt64 = 0
            for i in from..<to { value = value &* 10 &+ UInt64(bytes[i] &- 48) }
            return value
        }

        if digitCount <= _decimalChunkDigits { return BigUInt(chunkValue(start, bytes.count)) }

        // Base-10^19 digits, most significant first; only the first may be shorter than 19.
        let chunkCount = (digitCount + _decimalChunkDigits - 1) / _decimalChunkDigits
        var chunks = [UInt64](repeating: 0, count: chunkCount)
        var position = bytes.count
        for index in stride(from: chunkCount - 1, through: 0, by: -1) {
            let from = Swift.max(start, position - _decimalChunkDigits)
            chunks[index] = chunkValue(from, position)
            position = from
        }
        var powers: [BigUInt] = []
        return chunks.withUnsafeBufferPointer { _combineDecimalChunks($0, powers: &powers) }
    }

    /// Below this many base-10^19 digits, `_combineDecimalChunks` uses Horner's rule.
    internal static let _decimalHornerThreshold = 64

    /// The value of base-10^19 digits (most significant first). Divide and conquer, so long
    /// inputs cost a few Karatsuba multiplications instead of quadratic Horner steps.
    /// `powers[k]` caches (10^19)^(2^k).
    internal static func _combineDecimalChunks(_ chunks: UnsafeBufferPointer<UInt64>, powers: inout [BigUInt]) -> BigUInt {
        if chunks.count <= _decimalHornerThreshold {
            var limbs: [UInt64] = []
            limbs.reserveCapacity(chunks.count + 1)
            for chunk in chunks {
                var carry = chunk
                limbs.withUnsafeMutableBufferPointer { limbs in
                    for i in 0..<limbs.count {
                        let t = UInt128(limbs[i]) &* UInt128(_decimalChunk) &+ UInt128(carry)
                        limbs[i] = UInt64(truncatingIfNeeded: t)
                        carry = UInt64(truncatingIfNeeded: t >> 64)
                    }
                }
                if carry != 0 { limbs.append(carry) }
            }
            return BigUInt(_normalizing: limbs)
        }
        // Split off the low 2^k chunks, 2^k < count <= 2^(k+1): value = high · (10^19)^(2^k) + low.
        var k = 0
        while (2 << k) < chunks.count { k += 1 }
        let lowCount = 1 << k
        let split = chunks.count - lowCount
        let high = _combineDecimalChunks(UnsafeBufferPointer(rebasing: chunks[0..<split]), powers: &powers)
        let low = _combineDecimalChunks(UnsafeBufferPointer(rebasing: chunks[split...]), powers: &powers)
        if powers.isEmpty { powers.append(BigUInt(_decimalChunk)) }
        while powers.count <= k { powers.append(powers[powers.count - 1] * powers[powers.count - 1]) }
        return high * powers[k] + low
    }

    // MARK: Generation counts

    /// Largest bit width `parseCount` accepts: results must be below 2^(2^24).
    public static let parseCountBitLimit = 1 << 24

    /// Parses a generation-style count: decimal digits, or `B^E` where B and E are decimal
    /// (e.g. "2^1000", "10^100"; `0^0` is 1). No signs or surrounding whitespace. A result
    /// wider than `parseCountBitLimit` bits (2^24) throws `.tooLarge` without being computed.
    public static func parseCount(_ text: String) throws(NumberSyntaxError) -> BigUInt {
        func failure(_ reason: NumberSyntaxError.Reason) -> NumberSyntaxError {
            NumberSyntaxError(text: text, reason: reason)
        }
        if text.isEmpty { throw failure(.empty) }

        var caretIndex: String.Index? = nil
        var caretOffset = -1
        var offset = 0
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if let ascii = character.asciiValue, ascii >= 48 && ascii <= 57 {
                // digit
            } else if character == "-" && (offset == 0 || offset == caretOffset + 1) {
                throw failure(.negative)
            } else if character == "^" && caretIndex == nil && offset > 0 {
                caretIndex = index
                caretOffset = offset
            } else {
                throw failure(.unexpectedCharacter(character, offset: offset))
            }
            offset += 1
            index = text.index(after: index)
        }

        guard let caretIndex else { return try parseCountDecimal(text[...], failure) }

        let baseText = text[..<caretIndex]
        let exponentText = text[text.index(after: caretIndex)...]
        if exponentText.isEmpty { throw failure(.empty) }
        // B^0 = 1 (including 0^0), 0^E = 0 and 1^E = 1 however long E is.
        if exponentText.utf8.allSatisfy({ $0 == 48 }) { return .one }
        let baseDigits = baseText.utf8.drop(while: { $0 == 48 })
        if baseDigits.isEmpty { return .zero }
        if baseDigits.count == 1 && baseDigits.first == 49 { return .one }

        // Now B >= 2 and E >= 1, so an E that overflows Int is far too large.
        var e = 0
        for byte in exponentText.utf8 {
            let (times10, overflow1) = e.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int(byte &- 48))
            if overflow1 || overflow2 { throw failure(.tooLarge) }
            e = sum
        }
        // B >= 10^(D-1) for D significant digits, so B^E >= 10^((D-1)·E), which is at least
        // 2^(2^24) once (D-1)·E >= 2^24·log10(2) ≈ 5_050_445.3. Checked before parsing B.
        let (digitBound, overflow) = (baseDigits.count - 1).multipliedReportingOverflow(by: e)
        if overflow || digitBound >= 5_050_446 { throw failure(.tooLarge) }
        let base = try parseCountDecimal(baseText, failure)

        // Refuse without computing when E·log2(B) is clearly past the limit. The estimate is
        // accurate to far better than one bit, so nothing within the limit is refused here.
        let estimatedBits = Double(e) * _log2(base)
        if estimatedBits > Double(parseCountBitLimit) + 1 { throw failure(.tooLarge) }

        // B = 2^t · m with m odd: B^E = m^E · 2^(tE), so powers of two cost a shift.
        let twos = base.trailingZeroBitCount
        let odd = base >> twos
        let result = odd == .one ? powerOfTwo(twos * e) : power(odd, e) << (twos * e)
        if result.bitWidth > parseCountBitLimit { throw failure(.tooLarge) }
        return result
    }

    /// Decimal digits within the bit limit (the caller has checked the characters).
    private static func parseCountDecimal(
        _ digits: Substring, _ failure: (NumberSyntaxError.Reason) -> NumberSyntaxError
    ) throws(NumberSyntaxError) -> BigUInt {
        var significant = digits.utf8.count
        for byte in digits.utf8 {
            if byte != 48 || significant == 1 { break }
            significant -= 1
        }
        // Values below 2^(2^24) have at most floor(2^24 · log10 2) + 1 = 5_050_446 digits.
        if significant > 5_050_446 { throw failure(.tooLarge) }
        guard let value = BigUInt(decimal: digits) else { throw failure(.empty) }
        if value.bitWidth > parseCountBitLimit { throw failure(.tooLarge) }
        return value
    }

    /// log2(x) for x >= 1, accurate to about 2^-50 relative.
    internal static func _log2(_ x: BigUInt) -> Double {
        let width = x.bitWidth
        precondition(width > 0, "log2 of zero")
        let topBits = Swift.min(width, 53)
        let top = (x >> (width - topBits)).uint64Value!
        var fraction = Double(top) / Double(UInt64(1) << UInt64(topBits - 1))  // in [1, 2)
        var result = Double(width - 1)
        var bitValue = 0.5
        // Binary digits of log2(fraction) by repeated squaring.
        for _ in 0..<52 {
            fraction *= fraction
            if fraction >= 2 {
                fraction /= 2
                result += bitValue
            }
            bitValue /= 2
        }
        return result
    }
}

/// A malformed or out-of-range number in user input (generation counts and the like).
public struct NumberSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        /// No digits where digits were required: the whole text, or the exponent after `^`.
        case empty
        /// A character that cannot appear at this position; `offset` counts Characters from 0.
        case unexpectedCharacter(Character, offset: Int)
        /// The value exceeds the supported size.
        case tooLarge
        /// A minus sign: counts are never negative.
        case negative
    }

    public var text: String
    public var reason: Reason

    public init(text: String, reason: Reason) {
        self.text = text
        self.reason = reason
    }

    /// One line, e.g. `"12x": unexpected character 'x' at offset 2; expected decimal digits or
    /// B^E such as 2^100`.
    public var description: String {
        // Quoted and escaped, so the message stays on one line; long inputs are shortened.
        let limit = 48
        let quoted = text.utf8.count <= limit || text.count <= limit
            ? String(reflecting: text)
            : String(reflecting: String(text.prefix(limit))) + "… (\(text.count) characters)"
        let expected = "expected decimal digits or B^E such as 2^100"
        switch reason {
        case .empty:
            if text.isEmpty { return "empty number; \(expected)" }
            if text.hasSuffix("^") { return "\(quoted): missing exponent after '^'; \(expected)" }
            return "\(quoted): missing digits; \(expected)"
        case .unexpectedCharacter(let character, let offset):
            return "\(quoted): unexpected character \(NumberSyntaxError.show(character)) at offset \(offset); \(expected)"
        case .tooLarge:
            return "\(quoted): too large; numbers must be below 2^\(BigUInt.parseCountBitLimit)"
        case .negative:
            return "\(quoted): negative numbers are not allowed; \(expected)"
        }
    }

    /// 'x' for printable ASCII, otherwise the scalars, e.g. U+0020.
    private static func show(_ character: Character) -> String {
        if let ascii = character.asciiValue, ascii > 0x20 && ascii < 0x7F { return "'\(character)'" }
        return character.unicodeScalars.map { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: Swift.max(0, 4 - hex.count)) + hex
        }.joined(separator: " ")
    }
}
