// Reading JSON back (census results to merge): a strict RFC 8259 parser for whole values, and
// for a stream of values one after another (concatenated or one per line).

/// Why JSON text could not be read: the byte offset and what was wrong there.
public struct JSONParseError: Error, CustomStringConvertible, Equatable {
    public var offset: Int
    public var line: Int
    public var message: String
    public var description: String { "line \(line): \(message)" }
}

extension JSONValue {
    /// The values of `text`: one or more JSON values separated by optional whitespace.
    public static func parseStream(_ text: String) throws(JSONParseError) -> [JSONValue] {
        var parser = JSONParser(Array(text.utf8))
        var values: [JSONValue] = []
        parser.skipSpace()
        while !parser.atEnd {
            values.append(try parser.value(depth: 0))
            parser.skipSpace()
        }
        return values
    }

    /// The single value of `text`.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(Array(text.utf8))
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.atEnd else { throw parser.error("unexpected text after the value") }
        return value
    }

    /// The value of `key` in an object, else nil.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let fields) = self else { return nil }
        return fields.first { $0.key == key }?.value
    }
}

private struct JSONParser {
    let bytes: [UInt8]
    var position = 0
    static let maximumDepth = 64

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { position >= bytes.count }

    func error(_ message: String) -> JSONParseError {
        let line = bytes[..<min(position, bytes.count)].reduce(1) { $0 + ($1 == 10 ? 1 : 0) }
        return JSONParseError(offset: position, line: line, message: message)
    }

    mutating func skipSpace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    mutating func expect(_ literal: String, _ value: JSONValue) throws(JSONParseError) -> JSONValue {
        let literalBytes = Array(literal.utf8)
        guard position + literalBytes.count <= bytes.count, Array(bytes[position..<position + literalBytes.count]) == literalBytes else {
            throw error("invalid JSON value")
        }
        position += literalBytes.count
        return value
    }

    mutating func value(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw error("JSON nested more than \(Self.maximumDepth) deep") }
        guard position < bytes.count else { throw error("unexpected end of the JSON text") }
        switch bytes[position] {
        case UInt8(ascii: "{"):
            position += 1
            var fields: [JSONValue.Field] = []
            skipSpace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "}") { position += 1; return .object(fields) }
            while true {
                skipSpace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
                let key = try string()
                skipSpace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
                position += 1
                skipSpace()
                fields.append(JSONValue.Field(key, try value(depth: depth + 1)))
                skipSpace()
                guard position < bytes.count else { throw error("unexpected end of the JSON text") }
                if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                if bytes[position] == UInt8(ascii: "}") { position += 1; return .object(fields) }
                throw error("expected ',' or '}' in an object")
            }
        case UInt8(ascii: "["):
            position += 1
            var items: [JSONValue] = []
            skipSpace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") { position += 1; return .array(items) }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard position < bytes.count else { throw error("unexpected end of the JSON text") }
                if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                if bytes[position] == UInt8(ascii: "]") { position += 1; return .array(items) }
                throw error("expected ',' or ']' in an array")
            }
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try expect("true", .bool(true))
        case UInt8(ascii: "f"): return try expect("false", .bool(false))
        case UInt8(ascii: "n"): return try expect("null", .null)
        default: return try number()
        }
    }

    mutating func number() throws(JSONParseError) -> JSONValue {
        let start = position
        func digits() -> Int {
            let from = position
            while position < bytes.count, (0x30...0x39).contains(bytes[position]) { position += 1 }
            return position - from
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        guard digits() > 0 else { position = start; throw error("invalid JSON value") }
        if position - integerStart > 1, bytes[integerStart] == UInt8(ascii: "0") { throw error("a number with a leading zero") }
        var isInteger = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            isInteger = false
            guard digits() > 0 else { throw error("expected digits after '.'") }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            isInteger = false
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw error("expected digits in an exponent") }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if isInteger {
            if let value = Int(text) { return .int(value) }
            if let value = UInt64(text) { return .uint(value) }
        }
        guard let value = Double(text) else { throw error("invalid number") }
        return .double(value)
    }

    mutating func string() throws(JSONParseError) -> String {
        position += 1  // the opening quote
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
            run.removeAll(keepingCapacity: true)
        }
        while true {
            guard position < bytes.count else { throw error("unterminated string") }
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush()
                guard position < bytes.count else { throw error("unterminated string") }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{c}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code) {
                        guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else { throw error("unpaired surrogate in a string") }
                        position += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in a string") }
                        code = 0x10000 + (code - 0xD800) << 10 + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape in a string") }
                    scalars.append(scalar)
                default: throw error("invalid escape in a string")
                }
            default:
                guard byte >= 0x20 else { throw error("control character in a string") }
                run.append(byte)
            }
        }
    }

    mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard position + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16) else {
            throw error("invalid \\u escape in a string")
        }
        position += 4
        return value
    }
}
