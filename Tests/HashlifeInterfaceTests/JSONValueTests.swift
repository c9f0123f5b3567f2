import Testing
import HashlifeInterface

/// `JSONValue`: answers written on one line, and JSON text read back.
@Suite struct JSONValueTests {
    @Test func encodingIsCompactInOrderAndOnOneLine() {
        let value = JSONValue.fields([
            ("ok", .bool(true)), ("n", .int(-3)), ("big", .uint(UInt64.max)), ("x", .double(0.5)),
            ("nothing", .null), ("list", .array([.int(1), .string("two")])),
        ])
        #expect(value.encoded == "{\"ok\":true,\"n\":-3,\"big\":18446744073709551615,\"x\":0.5,\"nothing\":null,\"list\":[1,\"two\"]}")
        #expect(JSONValue.string("a\"b\\c\nd\u{1}\u{2028}").encoded == "\"a\\\"b\\\\c\\nd\\u0001\\u2028\"")
        #expect(JSONValue.double(.infinity).encoded == "null")
    }

    @Test func parsingReadsBackWhatEncodingWrote() throws {
        let value = JSONValue.fields([
            ("name", .string("glider → \"g\"\n")), ("generation", .string("1" + String(repeating: "0", count: 30))),
            ("count", .int(42)), ("max", .uint(UInt64.max)), ("ratio", .double(-1.25e-3)),
            ("flags", .array([.bool(false), .null, .object([])])),
        ])
        #expect(try JSONValue.parse(value.encoded) == value)
        #expect(try JSONValue.parse(" [1, 2.5e1, \"\\u00e9\\ud83d\\ude00\"] ") == .array([.int(1), .double(25), .string("é😀")]))
        #expect(try JSONValue.parse("{\"a\":{\"b\":7}}")["a"]?["b"] == .int(7))
        #expect(try JSONValue.parseStream("{\"a\":1}\n{\"a\":2} 3") == [.fields([("a", .int(1))]), .fields([("a", .int(2))]), .int(3)])
    }

    @Test func malformedTextIsRefusedWithItsLine() {
        for text in ["", "[1,]", "{\"a\" 1}", "01", "\"unterminated", "tru", "1 2", "\"\\x\"", "\"\\ud800\"", "-", "1."] {
            #expect(throws: JSONParseError.self, "\(text)") { try JSONValue.parse(text) }
        }
        #expect(throws: JSONParseError.self) { try JSONValue.parse(String(repeating: "[", count: 65) + String(repeating: "]", count: 65)) }
        do {
            _ = try JSONValue.parseStream("{\"a\":1}\n{\"a\":}")
            Issue.record("accepted a value missing after ':'")
        } catch {
            #expect(error.line == 2)
        }
    }
}
