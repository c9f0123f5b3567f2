import Foundation
import Testing
@testable import HashlifeTerminal

@Suite struct LineEditorTests {
    /// Reads one line from `keys`; returns the result, the editor and what was drawn.
    private func read(_ keys: [Key], history: [String] = [], columns: Int = 80) -> (LineEditor.Result, LineEditor, String) {
        let editor = LineEditor(prompt: "> ", history: history)
        var source = KeyList(keys)
        var drawn = ""
        let result = editor.readLine(from: &source, columns: columns) { drawn += $0 }
        return (result, editor, drawn)
    }

    private func typing(_ text: String) -> [Key] { text.map { .character($0) } }

    @Test func typedLineIsReturnedAndRemembered() {
        let (result, editor, drawn) = read(typing("step 10") + [.enter])
        #expect(result == .line("step 10"))
        #expect(editor.history == ["step 10"])
        #expect(drawn.hasPrefix("\r> \u{1B}[K\r\u{1B}[2C"))
        #expect(drawn.hasSuffix("\r> step 10\u{1B}[K\r\u{1B}[9C\r\n"))
    }

    @Test func cursorMovesAndDeletes() {
        #expect(read(typing("abc") + [.left, .left, .character("X"), .enter]).0 == .line("aXbc"))
        #expect(read(typing("abc") + [.home, .delete, .end, .backspace, .enter]).0 == .line("b"))
        #expect(read(typing("abc") + [.control("a"), .character(">"), .control("e"), .character("<"), .enter]).0 == .line(">abc<"))
        #expect(read(typing("hello world") + [.control("b"), .control("b"), .control("k"), .enter]).0 == .line("hello wor"))
        #expect(read(typing("hello world") + [.left, .left, .control("u"), .enter]).0 == .line("ld"))
        #expect(read(typing("load my file") + [.control("w"), .control("w"), .character("x"), .enter]).0 == .line("load x"))
        #expect(read(typing("one two three") + [.wordLeft, .wordLeft, .character("_"), .wordRight, .character("!"), .enter]).0
                == .line("one _two! three"))
        #expect(read(typing("tab") + [.tab, .unknown, .pageUp, .enter]).0 == .line("tab "))
    }

    @Test func bellAtTheEdges() {
        let (result, _, drawn) = read([.backspace, .delete, .character("a"), .enter])
        #expect(result == .line("a"))
        #expect(drawn.filter { $0 == "\u{07}" }.count == 2)
    }

    @Test func historyWalksUpAndDownKeepingTheNewLine() {
        #expect(read([.up, .enter], history: ["one", "two"]).0 == .line("two"))
        #expect(read([.up, .up, .up, .enter], history: ["one", "two"]).0 == .line("one"))
        #expect(read([.up, .up, .down, .enter], history: ["one", "two"]).0 == .line("two"))
        #expect(read(typing("new") + [.up, .down, .enter], history: ["one"]).0 == .line("new"))
        #expect(read([.control("p"), .character("!"), .control("n"), .control("p"), .enter], history: ["x"]).0 == .line("x!"))
        // Accepted lines join the history; blanks and immediate repeats do not.
        let (_, editor, _) = read([.up, .enter], history: ["one", "two"])
        #expect(editor.history == ["one", "two"])
        let (_, blank, _) = read(typing("   ") + [.enter])
        #expect(blank.history.isEmpty)
    }

    @Test func controlCClearsTheLineAndControlDEndsOnlyAnEmptyOne() {
        let (result, _, drawn) = read(typing("abc") + [.control("c")] + typing("xyz") + [.enter])
        #expect(result == .line("xyz"))
        #expect(drawn.contains("abc\u{1B}[K\r\u{1B}[5C^C\r\n"))
        #expect(read([.control("d")]).0 == .end)
        #expect(read(typing("ab") + [.home, .control("d"), .enter]).0 == .line("b"))
        #expect(read(typing("ab")).0 == .end, "input running out ends it")
        #expect(read(typing("ab") + [.control("l"), .enter]).2.contains("\u{1B}[H\u{1B}[2J"))
    }

    @Test func longLinesScrollToKeepTheCursorVisible() {
        let text = String(repeating: "0123456789", count: 3)
        let (result, _, drawn) = read(typing(text) + [.enter], columns: 12)
        #expect(result == .line(text))
        // 12 columns: prompt (2) + 9 characters + the cursor's column.
        #expect(drawn.hasSuffix("\r> 123456789\u{1B}[K\r\u{1B}[11C\r\n"))
    }

    @Test func keyDecoderReadsEscapeSequencesAndUTF8() {
        func keys(_ bytes: [UInt8]) -> [Key] {
            var decoder = KeyReader(ByteList(bytes))
            var result: [Key] = []
            while let key = decoder.nextKey() { result.append(key) }
            return result
        }
        let esc: UInt8 = 0x1B
        #expect(keys([esc, 91, 65, esc, 91, 66, esc, 91, 67, esc, 91, 68]) == [.up, .down, .right, .left])
        #expect(keys(Array("\u{1B}[H\u{1B}[F\u{1B}OH\u{1B}OF\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~".utf8))
                == [.home, .end, .home, .end, .home, .end, .home, .end])
        #expect(keys(Array("\u{1B}[3~\u{1B}[5~\u{1B}[6~\u{1B}[1;5C\u{1B}[1;5D\u{1B}b\u{1B}f".utf8))
                == [.delete, .pageUp, .pageDown, .wordRight, .wordLeft, .wordLeft, .wordRight])
        #expect(keys([0x7F, 0x08, 0x0D, 0x0A, 0x09, 0x01, 0x03, 0x04, 0x05, 0x0B, 0x0C, 0x15, 0x17])
                == [.backspace, .backspace, .enter, .enter, .tab, .control("a"), .control("c"), .control("d"),
                    .control("e"), .control("k"), .control("l"), .control("u"), .control("w")])
        #expect(keys(Array("aé→😀".utf8)) == [.character("a"), .character("é"), .character("→"), .character("😀")])
        #expect(keys([esc]) == [.escape])
        #expect(keys([esc, UInt8(ascii: "x")]) == [.meta("x")])
        #expect(keys([0xFF, UInt8(ascii: "a")]) == [.unknown, .character("a")])
        #expect(keys(Array("\u{1B}[99~z".utf8)) == [.unknown, .character("z")])
    }

    @Test func keysTypedAheadOnADescriptorAreKeptForTheNextLine() {
        var input: [Int32] = [-1, -1], output: [Int32] = [-1, -1]
        #expect(pipe(&input) == 0 && pipe(&output) == 0)
        defer { for fd in input + output { close(fd) } }
        // Both lines arrive in one read(2); the second must not be lost with the first call.
        Terminal.write(input[1], "gen\rpop\r")
        close(input[1])
        input[1] = -1
        let editor = LineEditor(prompt: "> ")
        #expect(editor.readLine(input: input[0], output: output[1]) == .line("gen"))
        #expect(editor.readLine(input: input[0], output: output[1]) == .line("pop"))
        #expect(editor.readLine(input: input[0], output: output[1]) == .end)
    }

    @Test func typingDecodesIntoTheEditor() {
        let editor = LineEditor(prompt: "")
        var keys = KeyList(typing: "ab\u{1B}[Dc\r")
        #expect(editor.readLine(from: &keys, columns: 80) { _ in } == .line("acb"))
    }
}
