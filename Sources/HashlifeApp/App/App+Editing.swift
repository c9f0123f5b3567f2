// Editing through the session (every change one history entry): stamping toolbar patterns,
// pasting the clipboard, and the selection's operations.

import HashlifeEngine
import HashlifeFormats
import HashlifeEditing
import HashlifeTerminal

extension App {
    // MARK: Stamp mode

    /// Enters stamp mode with `stamp` following the pointer.
    func beginStamp(_ stamp: Stamp) {
        pause()
        mode = .stamp(stamp)
        status = "\(stamp.name): click or Enter places it; r/R rotate, f/F flip, m replace/or, Esc cancels"
    }

    /// The stamp's top-left when it is centred on the cell under the pointer (or the canvas centre).
    func stampOrigin(_ stamp: Stamp) -> (x: BigInt, y: BigInt) {
        let at = pointer.flatMap { canvasPosition(column: $0.column, row: $0.row) } ?? (canvas.columns / 2, canvas.rows / 2)
        let cells = canvas.cells(atColumn: at.column, row: at.row)
        return (cells.x - BigInt(stamp.width / 2), cells.y - BigInt(stamp.height / 2))
    }

    /// What the canvas shows of the stamp being placed.
    var stampPreview: StampPreview? {
        guard case .stamp(let stamp) = mode else { return nil }
        let (x, y) = stampOrigin(stamp)
        return StampPreview(x: x, y: y, offsets: stamp.cells, width: stamp.width, height: stamp.height)
    }

    func handle(key: Key, stamping stamp: Stamp) -> [AppEffect]? {
        switch key {
        case .character("r"): mode = .stamp(stamp.transformed(.rotateClockwise))
        case .character("R"): mode = .stamp(stamp.transformed(.rotateCounterclockwise))
        case .character("f"): mode = .stamp(stamp.transformed(.flipHorizontal))
        case .character("F"): mode = .stamp(stamp.transformed(.flipVertical))
        case .character("m"):
            var changed = stamp
            changed.replace.toggle()
            mode = .stamp(changed)
            status = changed.replace ? "paste mode: replace (the area ends exactly as the pattern)" : "paste mode: live cells only"
        case .enter:
            let (x, y) = stampOrigin(stamp)
            place(stamp, x: x, y: y)
        default: return nil
        }
        return []
    }

    /// Stamps `stamp` with its top-left at (`x`, `y`): one history entry.
    func place(_ stamp: Stamp, x: BigInt, y: BigInt) {
        let states = stamp.states ?? Array(repeating: 1, count: stamp.cells.count)
        let clip = CellClip(width: stamp.width, height: stamp.height, cells: zip(stamp.cells, states).map { ($0.0.dx, $0.0.dy, $0.1) })
        do {
            try session.paste(clip, x: x, y: y, mode: stamp.replace ? .copy : .or, description: "stamp \(stamp.name) at \(x),\(y)")
            edited()
            status = "placed \(stamp.name) at (\(x), \(y)); u undoes"
        } catch {
            status = error.message
        }
    }

    /// Paste mode: the clipboard follows the pointer (or, too large to draw, is pasted at the
    /// view's centre at once).
    func beginPaste() {
        guard let clip = session.clipboard, !clip.isEmpty else { status = "the clipboard is empty: select (v) and copy (c) first"; return }
        if let stamp = Stamp(clip: clip, name: "clipboard", limit: 100_000) {
            beginStamp(stamp)
            return
        }
        pasteAtCentre()
    }

    /// Pastes the clipboard (OR) with its top-left at the canvas's centre cell: for a clip too
    /// large to follow the pointer as a stamp.
    private func pasteAtCentre() {
        let centre = canvas.cells(atColumn: canvas.columns / 2, row: canvas.rows / 2)
        do {
            try session.paste(x: centre.x, y: centre.y, mode: .or)
            edited()
            status = "pasted the clipboard at (\(centre.x), \(centre.y))"
        } catch {
            status = error.message
        }
    }

    /// Text pasted into the terminal (the system clipboard): a pattern in any format becomes a
    /// stamp following the pointer; anything else is refused with the reader's located error.
    func pasteText(_ text: String) {
        if var typing = prompt {
            // Into the prompt: the first line of the text, as typed (replacing a suggestion).
            guard !typing.purpose.isQuestion else { return }
            if typing.selected { typing.line = LineBuffer(); typing.selected = false }
            let line = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" }).first ?? ""
            let characters = line.filter { $0.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F } }
            typing.line.characters.insert(contentsOf: characters, at: typing.line.cursor)
            typing.line.cursor += characters.count
            prompt = typing
            return
        }
        guard !busy, panel == nil else { return }
        let pattern: LoadedPattern
        do { pattern = try PatternCodec.decodeAny(Array(text.utf8), fileName: "clipboard") } catch {
            status = "the pasted text is not a pattern: \(error.description)"
            return
        }
        do {
            let clip = try session.clip(of: pattern, label: "clipboard")
            if let stamp = Stamp(clip: clip, name: "pasted", limit: 100_000) {
                beginStamp(stamp)
                return
            }
            let centre = canvas.cells(atColumn: canvas.columns / 2, row: canvas.rows / 2)
            try session.paste(clip, x: centre.x, y: centre.y, mode: .or, description: "paste clipboard")
            edited()
            status = "pasted at (\(centre.x), \(centre.y))"
        } catch {
            status = error.message
        }
    }

    // MARK: Selection mode

    func handleSelectionKey(_ key: Key) -> [AppEffect]? {
        do throws(SessionError) {
            switch key {
            case .character("a"):
                if session.selectAll() == nil { status = "nothing to select: the universe is empty" }
            case .character("c"):
                let clip = try session.copySelection()
                status = "copied \(clip.width)×\(clip.height) (\(Plural.count(clip.population, "cell")))"
                return clipboardEffect(clip)
            case .character("x"):
                let clip = try session.cutSelection()
                edited()
                status = "cut \(clip.width)×\(clip.height) (\(Plural.count(clip.population, "cell")))"
                return clipboardEffect(clip)
            case .character("p"): beginPaste()
            case .character("<"): try session.transformSelection(.rotateCounterclockwise); edited()
            case .character(">"): try session.transformSelection(.rotateClockwise); edited()
            case .character("f"): try session.transformSelection(.flipHorizontal); edited()
            case .character("F"): try session.transformSelection(.flipVertical); edited()
            case .character("d"): try session.clearSelection(); edited(); status = "cleared inside the selection"
            case .character("D"): try session.clearSelection(outside: true); edited(); status = "cleared outside the selection"
            case .character("w"): try saveSelectionAsShape()
            case .character("%"):
                _ = try session.requireSelection(for: "fill")
                ask(.fillDensity, "Fill the selection at random, density (0 to 1, Enter: 0.35): ")
            default: return nil
            }
        } catch {
            status = error.message
        }
        return []
    }

    /// The clip as RLE for the system clipboard (nothing for clips too large to list).
    func clipboardEffect(_ clip: CellClip) -> [AppEffect] {
        guard let rle = try? session.rle(of: clip) else { return [] }
        return [.clipboard(rle)]
    }

    /// Saves the selection to the shape library as `shape-N` and adds it to the toolbar.
    func saveSelectionAsShape() throws(SessionError) {
        let clip = try session.copySelection()
        let rle = try session.rle(of: clip)
        let library = self.library ?? ShapeLibrary()
        let taken = Set(((try? library.list()) ?? []).map { $0.name.lowercased() })
        let name = (1...).lazy.map { "shape-\($0)" }.first { !taken.contains($0) }!
        try library.add(named: name, rle: rle)
        toolbar = ToolbarItem.load(library: library)
        status = "saved the selection as \(name) (toolbar)"
    }
}
