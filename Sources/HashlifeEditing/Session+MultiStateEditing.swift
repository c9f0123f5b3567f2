// Session+MultiStateEditing.swift — the selection, the clipboard and paste modes with states.
//
// A multi-state clip keeps each cell's state (`MultiStateClip`). Clips cross kinds: a
// two-state clip pastes into a multi-state universe as state 1, and a multi-state clip into any
// universe whose rule has every state it holds (into a two-state one, when it holds state 1
// only). Paste modes with states (`MultiStateUniverse.paste`): `or` writes the clip's
// non-empty cells over the target, `copy` every cell of the clip's rectangle (state 0 too),
// `xor` empties non-empty target cells under the clip's non-empty ones and fills empty ones
// with the clip's state, `and` empties target cells where the clip is empty.

import HashlifeEngine
import HashlifeFormats
import HashlifeInterface

extension Session {
    /// Throws "argument" saying `what` is not available for multi-state patterns, while the
    /// session holds one.
    func refuseMultiState(_ what: String) throws(SessionError) {
        guard holdsMultiState else { return }
        throw SessionError(.argument, "\(what) is not available for multi-state patterns (rule \(rule))")
    }

    /// The clipboard's size and population, of either kind; nil when it is empty.
    public var clipboardSummary: (width: BigUInt, height: BigUInt, population: BigUInt, isMultiState: Bool)? {
        if let clip = multiStateClipboard {
            return (BigUInt(clip.width), BigUInt(clip.height), BigUInt(clip.population), true)
        }
        return clipboard.map { ($0.width, $0.height, $0.population, false) }
    }

    /// Copies the selection's cells with their states to the clipboard and returns the clip.
    /// - Throws: "selection" when nothing is selected; "argument" when the session holds a
    ///   two-state pattern (use `copySelection`) or the selection is too large to copy cell by
    ///   cell (`MultiStateClip.maximumCells`).
    @discardableResult
    public func copyMultiStateSelection() throws(SessionError) -> MultiStateClip {
        let clip = try multiStateSelectionClip(for: "copy")
        multiStateClipboard = clip
        clipboard = nil
        return clip
    }

    /// Copies the selection with its states to the clipboard, then empties its cells; one
    /// history entry.
    @discardableResult
    public func cutMultiStateSelection() throws(SessionError) -> MultiStateClip {
        let clip = try multiStateSelectionClip(for: "cut")
        let rect = selection!
        multiStateClipboard = clip
        clipboard = nil
        record("cut \(Session.shown(rect))") { multi?.clear(inside: rect) }
        return clip
    }

    private func multiStateSelectionClip(for action: String) throws(SessionError) -> MultiStateClip {
        guard holdsMultiState, let multi else {
            throw SessionError(.argument, "the pattern has two states: \(action) copies to the two-state clipboard")
        }
        let rect = try requireSelection(for: action)
        do { return try multi.clip(of: rect) } catch { throw SessionError(.argument, error.description) }
    }

    /// Pastes `clip` with its top-left at (`x`, `y`) as `mode` says (see the file header); one
    /// history entry described by `description`. Into a two-state universe a clip of states 0
    /// and 1 pastes as live cells.
    /// - Throws: "clipboard" when the clip holds a state the current rule lacks.
    public func paste(_ clip: MultiStateClip, x: BigInt, y: BigInt, mode: PasteMode = .or, description: String) throws(SessionError) {
        let count = plane.stateCount
        guard Int(clip.highestState) < count else {
            throw SessionError(.clipboard, "the clip has cells in state \(clip.highestState); rule \(rule) has states 0 to \(count - 1)")
        }
        if holdsMultiState, let multi {
            record(description) { multi.paste(clip, x: x, y: y, mode: mode) }
            return
        }
        // Two states: the clip as a two-state clip, through a scratch universe.
        let scratch = Universe(rule: live.rule, memoryLimit: MemoryLimit.minimumBytes)
        scratch.load(cells: clip.cells.lazy.map { (x: $0.dx, y: $0.dy) })
        let converted = live.clip(of: CellRect(x: 0, y: 0, width: clip.width, height: clip.height), in: scratch)
        record(description) { live.paste(converted, x: x, y: y, mode: mode) }
    }

    /// A two-state clip of the two-state universe as a multi-state clip: live cells state 1.
    /// - Throws: "argument" when it is too large to list cell by cell.
    func multiStateClip(of clip: PatternClip) throws(SessionError) -> MultiStateClip {
        guard let w = clip.width.intValue, let h = clip.height.intValue, w < 1 << 62, h < 1 << 62,
              let count = clip.population.intValue, count <= MultiStateClip.maximumCells else {
            throw SessionError(.argument, "the clip is too large to paste cell by cell (\(clip.width)×\(clip.height) cells, population \(clip.population))")
        }
        var cells: [MultiStateClip.Cell] = []
        cells.reserveCapacity(count)
        live.forEachLiveCell(of: clip) { dx, dy in cells.append(.init(dx: dx, dy: dy, state: 1)) }
        return MultiStateClip(width: w, height: h, cells: cells)
    }

    /// `pattern`'s cells as a clip whose top-left is their bounding box's (an empty pattern
    /// gives an empty 0×0 clip).
    public func clip(of pattern: MultiStatePattern) -> MultiStateClip {
        guard let bounds = pattern.bounds else { return MultiStateClip(width: 0, height: 0, cells: []) }
        return MultiStateClip(width: bounds.width, height: bounds.height, cells: pattern.cells.map {
            .init(dx: $0.x - bounds.left, dy: $0.y - bounds.top, state: $0.state)
        })
    }

    /// `clip` as a pattern under the current multi-state rule, its top-left at the origin (for
    /// writing it as RLE).
    /// - Throws: "argument" when the session holds a two-state pattern.
    public func pattern(of clip: MultiStateClip) throws(SessionError) -> MultiStatePattern {
        guard holdsMultiState, let multi else { throw SessionError(.argument, "the pattern has two states") }
        return MultiStatePattern(rule: multi.rule, cells: clip.cells.map { MultiStateCell(x: $0.dx, y: $0.dy, state: $0.state) }.sorted())
    }

    /// Rotates or flips the selection's cells with their states in place (its top-left stays;
    /// a quarter turn swaps its sides and the selection follows); one history entry.
    func transformMultiStateSelection(_ rect: CellRect, _ transform: PatternTransform) throws(SessionError) {
        guard let multi else { return }
        let clip: MultiStateClip
        do { clip = try multi.clip(of: rect) } catch { throw SessionError(.argument, error.description) }
        let (w, h) = (clip.width, clip.height)
        let moved = clip.cells.map { c -> MultiStateClip.Cell in
            let (dx, dy): (Int, Int) = switch transform {
            case .rotateClockwise: (h - 1 - c.dy, c.dx)
            case .rotateCounterclockwise: (c.dy, w - 1 - c.dx)
            case .rotate180: (w - 1 - c.dx, h - 1 - c.dy)
            case .flipHorizontal: (w - 1 - c.dx, c.dy)
            case .flipVertical: (c.dx, h - 1 - c.dy)
            }
            return .init(dx: dx, dy: dy, state: c.state)
        }
        let turned = MultiStateClip(width: transform.swapsSides ? h : w, height: transform.swapsSides ? w : h, cells: moved)
        record("\(Session.name(of: transform)) \(Session.shown(rect))") {
            multi.clear(inside: rect)
            multi.paste(turned, x: rect.x, y: rect.y, mode: .or)
        }
        selection = CellRect(x: rect.x, y: rect.y, width: BigUInt(turned.width), height: BigUInt(turned.height))
    }
}
