import HashlifeEngine

/// Numbers typed by a user (command-line options, REPL arguments), refused as soon as their
/// size is known when they are beyond the engine's limits: a million-digit number is turned
/// down by counting its digits, before any arithmetic on it.
///
/// The limits, stated exactly:
/// - generation counts (`--gen`, `step`, `goto`, `--max-gen`) are below 2^65001
///   (`generationBitLimit` = `Universe.maximumStepExponent` + 1 bits), so 2^65001 − 1 is the
///   largest;
/// - coordinates and sizes (`--rect`, `set`, `pan`, `view`) are below 2^65000 in magnitude
///   (`coordinateBitLimit` = `Universe.maximumStepExponent` bits): a tree of the engine's
///   largest level holds them.
/// - zooms use `generationBitLimit` too.
public enum InputNumber {
    /// Generation counts are below 2^generationBitLimit.
    public static let generationBitLimit = Universe.maximumStepExponent + 1
    /// Coordinates are below 2^coordinateBitLimit in magnitude.
    public static let coordinateBitLimit = Universe.maximumStepExponent

    /// Why a number was refused.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public enum Reason: Equatable, Sendable {
            /// Not a number (the syntax error says why and where).
            case syntax(NumberSyntaxError)
            /// At or beyond 2^bits in magnitude.
            case beyondLimit(bits: Int)
        }
        public var text: String
        public var reason: Reason

        public init(text: String, reason: Reason) {
            self.text = text
            self.reason = reason
        }

        /// e.g. `'2^65001' is beyond the engine's limit: it must be below 2^65001`.
        public var description: String {
            switch reason {
            case .syntax(let error):
                return error.description
            case .beyondLimit(let bits):
                return "\(Excerpt.quote(text)) is beyond the engine's limit: it must be below 2^\(bits)"
                    + (text.hasPrefix("-") ? " in magnitude" : "")
            }
        }
    }

    /// A count (digits, or B^E such as 2^100) below 2^`bits`.
    /// - Complexity: O(digits) to refuse a number that is too long; numbers within the limit
    ///   cost what parsing them costs (at most about `bits`·log10(2) digits).
    public static func count(_ text: String, belowBits bits: Int) throws(Failure) -> BigUInt {
        if exceedsByLength(text[...], bits: bits) { throw Failure(text: text, reason: .beyondLimit(bits: bits)) }
        let value: BigUInt
        do { value = try BigUInt.parseCount(text) } catch {
            if error.reason == .tooLarge { throw Failure(text: text, reason: .beyondLimit(bits: bits)) }
            throw Failure(text: text, reason: .syntax(error))
        }
        guard value.bitWidth <= bits else { throw Failure(text: text, reason: .beyondLimit(bits: bits)) }
        return value
    }

    /// A signed integer (an optional '+' or '-', then digits or B^E) below 2^`bits` in magnitude.
    public static func integer(_ text: String, belowBits bits: Int) throws(Failure) -> BigInt {
        var magnitudeText = Substring(text)
        var negative = false
        if let sign = magnitudeText.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            magnitudeText = magnitudeText.dropFirst()
        }
        if exceedsByLength(magnitudeText, bits: bits) { throw Failure(text: text, reason: .beyondLimit(bits: bits)) }
        do {
            let magnitude = try BigUInt.parseCount(String(magnitudeText))
            guard magnitude.bitWidth <= bits else { throw Failure(text: text, reason: .beyondLimit(bits: bits)) }
            return BigInt(sign: negative, magnitude: magnitude)
        } catch let error as NumberSyntaxError {
            if error.reason == .tooLarge { throw Failure(text: text, reason: .beyondLimit(bits: bits)) }
            // Report against the whole word, signs included.
            let shift = text.count - magnitudeText.count
            let reason: NumberSyntaxError.Reason
            switch error.reason {
            case .unexpectedCharacter(let c, let offset): reason = .unexpectedCharacter(c, offset: offset + shift)
            case .negative: reason = .unexpectedCharacter("-", offset: shift)
            default: reason = error.reason
            }
            throw Failure(text: text, reason: .syntax(NumberSyntaxError(text: text, reason: reason)))
        } catch let failure as Failure {
            throw failure
        } catch {
            fatalError("unreachable: \(error)")
        }
    }

    /// True when `text` (digits, or B^E, unsigned) is surely at least 2^bits, judged from the
    /// number of digits alone: D significant digits are at least 10^(D−1), and B^E with B ≥ 2 is
    /// at least 2^E. Malformed text answers false (the parser then says what is wrong).
    static func exceedsByLength(_ text: Substring, bits: Int) -> Bool {
        // Values below 2^bits have at most floor(bits·log10 2) + 1 digits.
        let maximumDigits = Int((Double(bits) * 0.30102999566398120).rounded(.down)) + 1
        let utf8 = text.utf8
        guard let caret = utf8.firstIndex(of: UInt8(ascii: "^")) else {
            return significantDigits(utf8[...]) > maximumDigits
        }
        let base = utf8[..<caret], exponent = utf8[utf8.index(after: caret)...]
        let baseDigits = significantDigits(base)
        guard baseDigits > 0, !(baseDigits == 1 && base.last == UInt8(ascii: "1")) else { return false }  // 0^E, 1^E
        if baseDigits > maximumDigits { return true }
        // B ≥ 2, so B^E ≥ 2^E: an exponent of more digits than `bits` has is too large (unless 0).
        let exponentDigits = significantDigits(exponent)
        if exponentDigits > String(bits).count { return true }
        guard exponentDigits > 0, let e = Int(String(decoding: exponent, as: UTF8.self)) else { return false }
        if e >= bits { return true }
        // B ≥ 10^(D−1), so B^E ≥ 2^((D−1)·E·log2 10).
        return Double(baseDigits - 1) * Double(e) * 3.3219280948873623 >= Double(bits)
    }

    /// Digits after leading zeros (a lone "0" has 0).
    private static func significantDigits(_ digits: Substring.UTF8View.SubSequence) -> Int {
        var count = digits.count
        for byte in digits {
            if byte != UInt8(ascii: "0") { break }
            count -= 1
        }
        return count
    }
}
