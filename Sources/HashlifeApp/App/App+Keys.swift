// Keys: space plays, '.' steps, 'q' quits, Esc cancels, '?' lists every key; the rest chosen
// after htop, vim and lazygit, and listed in the help overlay and the control bar.

import HashlifeEngine
import HashlifeEditing
import HashlifeTerminal

extension App {
    /// Handles one input event; returns what the runner must do.
    public func handle(_ event: InputEvent) -> [AppEffect] {
        switch event {
        case .key(.meta(let c)):
            // Alt with a key has no meaning of its own here: Escape, then the key.
            return handle(key: .escape) + handle(key: .character(c))
        case .key(let key): return handle(key: key)
        case .mouse(let mouse): return handle(mouse: mouse)
        case .paste(let text): pasteText(text); return []
        }
    }

    func handle(key: Key) -> [AppEffect] {
        // A running step hears only cancel (and quit, which cancels first).
        if busy {
            switch key {
            case .escape, .control("c"), .character("q"):
                pendingSteps = 0
                return [.cancelStep]
            case .character(".") where panel == nil && prompt == nil: return stepOnce()
            default: return []
            }
        }
        if let prompt { return handle(key: key, prompting: prompt) }
        if let panel { return handle(key: key, in: panel) }
        // A message answers the key before; the next key makes it stale.
        status = nil
        if showsHint, let effects = handleHint(key) { return effects }
        switch mode {
        case .stamp(let stamp): if let effects = handle(key: key, stamping: stamp) { return effects }
        case .select: if let effects = handleSelectionKey(key) { return effects }
        case .normal: break
        }
        return handleCommonKey(key)
    }

    /// Keys that mean the same in every canvas mode.
    func handleCommonKey(_ key: Key) -> [AppEffect] {
        let frame = canvasFrame
        let panStep = (max(frame.columns / 8, 2), max(frame.rows / 8, 1))
        switch key {
        case .character(" "): playing ? pause() : play(); return []
        case .character("."): return stepOnce()
        case .character("r"): return reset()
        case .character("q"):
            pause()
            return [.quit]
        case .escape:
            if mode != .normal { mode = .normal; session.select(nil); status = nil; return [] }
            status = nil
            if playing { pause() }
            return []
        case .control("c"): status = "press q to quit"; return []
        case .character("?"): panel = .help
        case .character(":"): ask(.command, ":")
        case .character("i"): return runCommandLine("identify")
        case .character("g"): ask(.goto, "Go to generation (digits or B^E): ")
        case .character("R"): ask(.rule, "Rule: ", text: session.rule.description)
        case .character("t"): cycleDrawingState()
        case .character(","): panel = .settings(selected: 0)
        case .character("S"): panel = .snapshots(selected: max(session.snapshots.count - 1, 0))
        case .character("B"): panel = .boards(selected: 0); store?.refreshList()
        case .character("s"):
            let all = Speed.allCases
            setSpeed(all[(all.firstIndex(of: settings.speed)! + 1) % all.count])
        case .character("]"):
            changeSettings { $0.hyperExponent = min($0.hyperExponent + 1, 64) }
            describeHyperStep()
        case .character("["):
            changeSettings { $0.hyperExponent = max($0.hyperExponent - 1, 0) }
            describeHyperStep()
        case .character("+"), .character("="): zoom(in: true)
        case .character("-"), .character("_"): zoom(in: false)
        case .character("f"): fit()
        case .character("o"): canvas.centre(on: .zero, .zero); autoZoomSuspended = true
        case .character("#"):
            setHexagonal(!canvas.hexagonal)
            status = canvas.hexagonal ? "hexagonal view: each row half a cell right of the row below (# for square)" : "square view"
        case .character("a"):
            let all = AutoZoom.allCases
            changeSettings { $0.autoZoom = all[(all.firstIndex(of: $0.autoZoom)! + 1) % all.count] }
            autoZoomSuspended = false
            status = "auto-zoom \(settings.autoZoom.rawValue)"
        case .character("e"): editMode.toggle(); layoutCanvas()
        case .left, .character("h"): pan(-panStep.0, 0)
        case .right, .character("l"): pan(panStep.0, 0)
        case .up, .character("k"): pan(0, -panStep.1)
        case .down, .character("j"): pan(0, panStep.1)
        case .shiftLeft, .character("H"): pan(-frame.columns / 2, 0)
        case .shiftRight, .character("L"): pan(frame.columns / 2, 0)
        case .shiftUp, .character("K"): pan(0, -frame.rows / 2)
        case .shiftDown, .character("J"): pan(0, frame.rows / 2)
        case .character("u"), .control("z"): undo()
        case .character("U"), .control("y"), .control("r"): redo()
        case .character("v"):
            mode = .select
            status = "select: drag a rectangle (a: all); c copy, x cut, p paste, d clear, < > rotate, w save shape"
        case .character("p"): beginPaste()
        case .character("X"):
            pause()
            session.clear()
            edited()
            status = "cleared (u to undo)"
        case .character(let c) where ("0"..."9").contains(c):
            let index = c == "0" ? 9 : Int(String(c))! - 1
            if index < toolbar.count { beginStamp(toolbar[index].stamp) }
        default: break
        }
        return []
    }

    // MARK: Hint

    /// The first-run hint's quick actions: g glider, b blinker, k block, c custom (closes).
    func handleHint(_ key: Key) -> [AppEffect]? {
        let names: [Character: String] = ["g": "Glider", "b": "Blinker", "k": "Block"]
        switch key {
        case .escape, .character("c"):
            hintDismissed = true
            status = key == .escape ? nil : "click cells to bring them to life; space plays"
            return []
        case .character(let c) where names[c] != nil:
            guard let item = toolbar.first(where: { $0.name == names[c] }) else { return [] }
            let centre = canvas.cells(atColumn: canvas.columns / 2, row: canvas.rows / 2)
            place(item.stamp, x: centre.x - BigInt(item.stamp.width / 2), y: centre.y - BigInt(item.stamp.height / 2))
            return []
        default: return nil
        }
    }

    // MARK: View

    func zoom(in nearer: Bool, aroundColumn column: Int? = nil, row: Int? = nil) {
        if nearer { canvas.zoomIn(aroundColumn: column, row: row) } else { canvas.zoomOut(aroundColumn: column, row: row) }
        autoZoomSuspended = true
    }

    func pan(_ columns: Int, _ rows: Int) {
        canvas.pan(columns: columns, rows: rows)
        autoZoomSuspended = true
    }

    /// Shears the canvas's rows into a hexagonal grid, or back, keeping the cell at its centre.
    public func setHexagonal(_ on: Bool) {
        let centre = canvas.centreCell
        canvas.hexagonal = on
        canvas.centre(on: centre.x, centre.y)
    }

    /// Frames the live cells (or the origin) and lets auto-zoom work again.
    func fit() {
        canvas = fittedCanvas()
        autoZoomSuspended = false
    }

    func describeHyperStep() {
        let step = "2^\(settings.hyperExponent) generations a frame"
        status = settings.speed == .hyper ? "hyper speed: \(step)" : "hyper speed will step \(step) (s switches to it)"
    }

    func setSpeed(_ speed: Speed) {
        changeSettings { $0.speed = speed }
        status = "speed \(speed.rawValue)" + (speed == .hyper ? " (2^\(settings.hyperExponent) generations a frame; [ ] change it)" : "")
    }

    /// Changes the settings and saves them.
    func changeSettings(_ change: (inout Settings) -> Void) {
        var changed = settings
        change(&changed)
        guard changed != settings else { return }
        settings = changed
        saveSettings()
    }

    func saveSettings() {
        guard let path = settingsPath else { return }
        do { try settings.save(path: path) } catch { status = "settings not saved: \(error)" }
    }

    // MARK: History

    func undo() {
        pause()
        let generation = session.universe.generation
        if let entry = (try? session.undo())?.first {
            status = "undid: \(entry.description)"
            afterHistoryMove(from: generation)
        } else {
            status = "nothing to undo"
        }
    }

    func redo() {
        pause()
        let generation = session.universe.generation
        if let entry = (try? session.redo())?.first {
            status = "redid: \(entry.description)"
            afterHistoryMove(from: generation)
        } else {
            status = "nothing to redo"
        }
    }

    /// After undo, redo, reset or a snapshot restored: the statistics of the state returned to,
    /// and, when the generation changed from `generation`, auto-zoom.
    func afterHistoryMove(from generation: BigUInt? = nil) {
        returnToStatistics()
        changed()
        if let generation, generation != session.universe.generation { autoZoom() }
    }

    /// After an edit: a change to save, and the statistics start again (a run starts here:
    /// reset returns to this state).
    func edited() {
        restartStatistics()
        changed()
    }
}
