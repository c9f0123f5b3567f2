import Testing
@testable import HashlifeApp
import HashlifeCommands
import HashlifeEngine
import HashlifeEditing
import HashlifeTerminal
import HashlifeTestSupport

/// The one-line prompts (suggested names shown selected, one-key questions, values kept after
/// an error) and the `:help` panel.
@Suite struct AppPromptTests {
    func environment(_ folder: String) -> [String: String] {
        appEnvironment(in: folder)
    }

    // MARK: Suggestions

    @Test func aSuggestedSnapshotNameIsReplacedByTypingAndAcceptedByEnter() throws {
        let app = try makeApp("glider.rle")
        app.press("S")
        app.press("n")
        #expect(app.prompt?.line.text == "snapshot-1")
        #expect(app.prompt?.selected == true)
        app.type("my soup")
        #expect(app.session.snapshots.map(\.name) == ["my soup"])
        app.press("n")
        #expect(app.prompt?.line.text == "snapshot-1")
        app.send(.key(.enter))
        #expect(app.session.snapshots.map(\.name) == ["my soup", "snapshot-1"])
    }

    @Test func aCursorKeyKeepsTheSuggestionToEditAndBackspaceEmptiesIt() throws {
        let app = try makeApp("glider.rle")
        app.press("S")
        app.press("n")
        app.send(.key(.end))
        #expect(app.prompt?.selected == false)
        app.type("b")
        #expect(app.session.snapshots.map(\.name) == ["snapshot-1b"])
        app.press("n")
        app.send(.key(.backspace))
        #expect(app.prompt?.line.text == "")
        #expect(app.prompt != nil, "emptying the suggestion keeps the prompt open")
        app.type("x")
        #expect(app.session.snapshots.map(\.name) == ["snapshot-1b", "x"])
    }

    @Test func theSuggestionIsDrawnSelected() throws {
        let app = try makeApp("glider.rle")
        app.press("S")
        app.press("n")
        let screen = app.render()
        let label = "Save a snapshot named: "
        #expect(screen.lines[23].hasPrefix(label + "snapshot-1"))
        #expect(screen[label.count, 23].reverse)
        #expect(screen[label.count + 9, 23].reverse)
        app.send(.key(.end))
        #expect(!app.render()[label.count, 23].reverse)
    }

    @Test func aNewBoardsNameReplacesTheSuggestion() throws {
        let folder = temporaryFolder()
        defer { removeTree(folder) }
        let app = try AppLaunch(file: Fixtures.pattern("glider.rle"), columns: 100, rows: 30, environment: environment(folder)).makeApp()
        app.press("B")
        app.press("n")
        app.type("my soup")
        #expect(app.store?.boardName == "my soup")
    }

    @Test func theRulePromptsSuggestionIsReplacedByTyping() throws {
        let app = try makeApp("glider.rle")
        app.press("R")
        #expect(app.prompt?.line.text == "B3/S23")
        app.type("B36/S23")
        #expect(app.session.rule.description == "B36/S23")
    }

    // MARK: Messages and errors

    @Test func openingAPromptClearsTheMessageOfTheKeyBefore() throws {
        let app = try makeApp("glider.rle")
        app.press("S")
        app.press("n")
        app.send(.key(.enter))
        #expect(app.status == "saved snapshot snapshot-1")
        app.press("r")
        #expect(app.status == nil)
        #expect(!app.text[1].contains("saved snapshot"))
    }

    @Test func anErrorInTheRulePromptKeepsItOpenWithTheText() throws {
        let app = try makeApp("glider.rle")
        app.press("R")
        app.send(.key(.control("u")))
        app.type("B3/S2x")
        #expect(app.status?.hasPrefix("error:") == true)
        #expect(app.prompt?.purpose == .rule)
        #expect(app.prompt?.line.text == "B3/S2x")
        #expect(app.prompt?.selected == false)
        // Fixed, it goes through.
        app.send(.key(.backspace))
        app.type("3")
        #expect(app.prompt == nil)
        #expect(app.session.rule.description == "B3/S23")
        // A cancelled or successful value does not come back.
        app.press("g")
        app.type("12")
        #expect(app.prompt == nil)
        #expect(app.session.universe.generation == BigUInt(12))
    }

    @Test func aBadGenerationKeepsTheGotoPromptOpen() throws {
        let app = try makeApp("glider.rle")
        app.press("g")
        app.type("12x")
        #expect(app.status?.hasPrefix("error:") == true)
        #expect(app.prompt?.purpose == .goto)
        #expect(app.prompt?.line.text == "12x")
        app.send(.key(.escape))
        #expect(app.prompt == nil)
    }

    @Test func otherKeysDoNotAnswerAQuestion() throws {
        let app = try makeApp("glider.rle")
        app.press("S")
        app.press("n")
        app.send(.key(.enter))
        app.press("d")
        app.press("x")
        app.press("d")
        #expect(app.prompt?.purpose == .confirmDeleteSnapshot(name: "snapshot-1"))
        app.send(.key(.escape))
        #expect(app.prompt == nil)
        #expect(app.session.snapshots.count == 1)
        #expect(app.panel == .snapshots(selected: 0))
    }

    // MARK: The help panel

    @Test(arguments: [(80, 24), (120, 40), (200, 50)])
    func helpDescriptionsWrapUnderTheirCommands(_ size: (Int, Int)) throws {
        let app = try makeApp("glider.rle", columns: size.0, rows: size.1)
        app.type(":help")
        guard case .output(let title, let lines, _)? = app.panel else {
            Issue.record("no help panel")
            return
        }
        #expect(title == "help")
        let rows = app.outputLayout(lines).rows
        #expect(rows.allSatisfy { $0.count <= size.0 - 4 })
        // Every word of the load command's description is in the panel, below its usage.
        let usage = try #require(rows.firstIndex { $0.hasPrefix("  load ") })
        let summary = try #require(CommandInterpreter.commandSummaries.first { $0.usage.hasPrefix("load ") }?.summary)
        var joined = ""
        for row in rows[(usage + 1)...] {
            guard row.hasPrefix("      ") else { break }
            joined += (joined.isEmpty ? "" : " ") + row.trimmingBlanks
        }
        #expect(joined == summary)
        // Scrolling reaches the last line of the notes.
        app.send(.key(.end))
        let screen = app.text.joined(separator: "\n")
        #expect(screen.contains("'help COMMAND' explains one command."), "\(screen)")
        #expect(screen.contains("lines "))
    }

    @Test func wrappingBreaksAtSpacesAndCutsOnlyOverlongWords() {
        #expect(App.wrap("      one two three four", to: 14) == ["      one two", "      three", "      four"])
        #expect(App.wrap("short", to: 14) == ["short"])
        #expect(App.wrap("abcdefghij klm", to: 6) == ["abcdef", "  ghij", "  klm"])
    }
}
