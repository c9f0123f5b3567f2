import Testing
import HashlifeTerminal

@Suite struct InputDecoderTests {
    @Test func sgrMouseReports() {
        var decoder = InputDecoder()
        let events = decoder.feed(Array("\u{1B}[<0;10;5M\u{1B}[<0;10;5m\u{1B}[<35;3;4M\u{1B}[<32;4;4M\u{1B}[<64;1;1M\u{1B}[<65;1;1M\u{1B}[<2;7;8M".utf8))
        #expect(events == [
            .mouse(MouseEvent(.press, .left, column: 9, row: 4)), .mouse(MouseEvent(.release, .left, column: 9, row: 4)),
            .mouse(MouseEvent(.move, .none, column: 2, row: 3)), .mouse(MouseEvent(.drag, .left, column: 3, row: 3)),
            .mouse(MouseEvent(.wheelUp, .none, column: 0, row: 0)), .mouse(MouseEvent(.wheelDown, .none, column: 0, row: 0)),
            .mouse(MouseEvent(.press, .right, column: 6, row: 7)),
        ])
    }

    @Test func keysAndSequencesSplitAcrossReads() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B, UInt8(ascii: "[")]) == [])
        #expect(decoder.feed(Array("A. é".utf8) + [0x1A, 0x19, 0x0D]) == [
            .key(.up), .key(.character(".")), .key(.character(" ")), .key(.character("é")), .key(.control("z")), .key(.control("y")), .key(.enter),
        ])
        #expect(decoder.feed(Array("\u{1B}[1;2C\u{1B}[5~\u{1B}OB".utf8)) == [.key(.shiftRight), .key(.pageUp), .key(.down)])
        #expect(decoder.feed(Array("\u{1B}[<0;1".utf8)) == [])
        #expect(decoder.feed(Array(";1M".utf8)) == [.mouse(MouseEvent(.press, .left, column: 0, row: 0))])
    }

    @Test func bracketedPasteArrivesAsOneEventEvenInPieces() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("x\u{1B}[20".utf8)) == [.key(.character("x"))])
        #expect(decoder.feed(Array("0~bo$2bo$3o!\u{1B}[2".utf8)) == [])
        #expect(decoder.feed(Array("01~.".utf8)) == [.paste("bo$2bo$3o!"), .key(.character("."))])
    }

    @Test func aLoneEscapeIsTheEscapeKeyOnceNothingFollows() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.flush() == [.key(.escape)])
        #expect(decoder.feed([0x1B, 0x1B]) == [.key(.escape)])
        #expect(decoder.flush() == [.key(.escape)])
        // Escape then a key in the same read (tmux's send-keys Escape ','): Alt with the key,
        // which the app takes as both keys.
        #expect(decoder.feed(Array("\u{1B},".utf8)) == [.key(.meta(","))])
    }

    @Test func aMouseReportSplitAcrossReadsWaitsForItsEnd() {
        var decoder = InputDecoder()
        // The report's first half, then nothing for 40 ms: not the Escape key and typed keys.
        #expect(decoder.feed(Array("\u{1B}[<0;5".utf8), now: 0) == [])
        #expect(decoder.expire(now: 40) == [])
        #expect(decoder.expire(now: 500) == [])
        #expect(decoder.feed(Array(";7M".utf8), now: 520) == [.mouse(MouseEvent(.press, .left, column: 4, row: 6))])
        // Split right after the Escape byte, within the lone Escape's delay: still one report.
        #expect(decoder.feed([0x1B], now: 1000) == [])
        #expect(decoder.expire(now: 1000 + InputDecoder.loneEscapeDelay - 1) == [])
        #expect(decoder.feed(Array("[<0;5;7m".utf8), now: 1030) == [.mouse(MouseEvent(.release, .left, column: 4, row: 6))])
        // A lone Escape acts once its delay has passed.
        #expect(decoder.feed([0x1B], now: 2000) == [])
        #expect(decoder.deadline == 2000 + InputDecoder.loneEscapeDelay)
        #expect(decoder.expire(now: 2000 + InputDecoder.loneEscapeDelay) == [.key(.escape)])
        // A sequence that never finishes is dropped, not typed.
        #expect(decoder.feed(Array("\u{1B}[<0;5".utf8), now: 3000) == [])
        #expect(decoder.expire(now: 3000 + InputDecoder.sequenceDelay) == [])
        #expect(decoder.deadline == nil)
        #expect(decoder.feed(Array("5".utf8), now: 5000) == [.key(.character("5"))])
    }
}
