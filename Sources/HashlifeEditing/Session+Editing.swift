// Editing by regions: the selection, the clipboard, paste modes, rotations,
// flips, random fill and stamps. Each change is one history entry (Session+History.swift);
// selecting and copying change no cell and record nothing.

import HashlifeEngine
import HashlifeInterface
import HashlifeFormats

extension Session {
    /// Selects `rect` (nil: nothing). Selecting changes no cell and is not in the history.
    public func select(_ rect: CellRect?) { selection = rect.flatMap { $0.isEmpty ? nil : $0 } }

    /// Selects the live cells' bounding box (nothing when the universe is empty); returns it.
    @discardableResult
    public func selectAll() -> CellRect? {
        selection = plane.boundingBox
        return selection
    }

    /// The selection, or an error saying one is needed for `action`.
    public func requireSelection(for action: String) throws(SessionError) -> CellRect {
        guard let selection else {
            throw SessionError(.selection, "\(action) needs a selection ('select X Y W H' or 'select all')")
        }
        return selection
    }

    /// Copies the selection's cells to the clipboard and returns the clip.
    /// - Throws: "selection" when nothing is selected; "argument" while the session holds a
    ///   multi-state pattern (copy with `copyMultiStateSelection`).
    @discardableResult
    public func copySelection() throws(SessionError) -> PatternClip {
        try refuseMultiState("a two-state copy; use the multi-state clipboard")
        let clip = live.clip(of: try requireSelection(for: "copy"))
        clipboard = clip
        multiStateClipboard = nil
        return clip
    }

    /// Copies the selection to the clipboard, then kills its cells; one history entry.
    @discardableResult
    public func cutSelection() throws(SessionError) -> PatternClip {
        try refuseMultiState("a two-state cut; use the multi-state clipboard")
        let rect = try requireSelection(for: "cut")
        let clip = live.clip(of: rect)
        clipboard = clip
        multiStateClipboard = nil
        record("cut \(Session.shown(rect))") { live.clear(inside: rect) }
        return clip
    }

    /// Pastes the clipboard (of either kind) with its top-left at (`x`, `y`) as `mode` says;
    /// one history entry. Across kinds: see `paste(_: MultiStateClip, …)`.
    /// - Throws: "clipboard" when the clipboard is empty or holds states the rule lacks.
    public func paste(x: BigInt, y: BigInt, mode: PasteMode = .or) throws(SessionError) {
        let description = "paste at (\(x), \(y))\(mode == .copy ? ", replacing" : "")"
        if let clip = multiStateClipboard { return try paste(clip, x: x, y: y, mode: mode, description: description) }
        guard let clip = clipboard else { throw SessionError(.clipboard, "the clipboard is empty ('copy' or 'cut' a selection first)") }
        paste(clip, x: x, y: y, mode: mode, description: description)
    }

    /// Pastes `clip` (made by `universe`, e.g. by `clip(of:)`); one history entry. Into a
    /// multi-state universe its live cells are state 1 (a clip too large to list cell by cell,
    /// `MultiStateClip.maximumCells`, pastes nothing there).
    public func paste(_ clip: PatternClip, x: BigInt, y: BigInt, mode: PasteMode = .or, description: String) {
        if holdsMultiState {
            if let converted = try? multiStateClip(of: clip) { try? paste(converted, x: x, y: y, mode: mode, description: description) }
            return
        }
        record(description) { live.paste(clip, x: x, y: y, mode: mode) }
    }

    /// Kills every cell inside (or, with `outside`, outside) the selection; one history entry.
    public func clearSelection(outside: Bool = false) throws(SessionError) {
        let rect = try requireSelection(for: outside ? "clear outside" : "clear inside")
        record("clear \(outside ? "outside" : "inside") \(Session.shown(rect))") {
            if holdsMultiState, let multi {
                if outside { multi.clear(outside: rect) } else { multi.clear(inside: rect) }
            } else {
                if outside { live.clear(outside: rect) } else { live.clear(inside: rect) }
            }
        }
    }

    /// Rotates or flips the selection's cells in place (its top-left stays; a quarter turn
    /// swaps its sides, and the selection follows); one history entry.
    public func transformSelection(_ transform: PatternTransform) throws(SessionError) {
        let rect = try requireSelection(for: transform.swapsSides || transform == .rotate180 ? "rotate" : "flip")
        if holdsMultiState { return try transformMultiStateSelection(rect, transform) }
        var moved = rect
        record("\(Session.name(of: transform)) \(Session.shown(rect))") { moved = live.transform(rect, transform) }
        selection = moved
    }

    /// A rectangle as the history names it: "3×4 at (0, 0)".
    static func shown(_ rect: CellRect) -> String {
        "\(Excerpt.number(rect.width))×\(Excerpt.number(rect.height)) at (\(Excerpt.number(rect.x)), \(Excerpt.number(rect.y)))"
    }

    /// How the history names a transform: "rotate clockwise", "flip left to right", …
    static func name(of transform: PatternTransform) -> String {
        switch transform {
        case .rotateClockwise: "rotate clockwise"
        case .rotateCounterclockwise: "rotate anticlockwise"
        case .rotate180: "rotate half a turn"
        case .flipHorizontal: "flip left to right"
        case .flipVertical: "flip top to bottom"
        }
    }

    /// Fills the selection at random (each cell alive with probability `density`, reproducible
    /// from `seed`; see `Universe.fillRandomly`); one history entry.
    /// - Throws: "selection" without a selection, "argument" for a bad density or a selection
    ///   too large to fill.
    public func fillSelection(density: Double, seed: UInt64) throws(SessionError) {
        try refuseMultiState("random fill (it makes live and dead cells only)")
        let rect = try requireSelection(for: "fill")
        do {
            try record("random fill \(Session.shown(rect)), density \(density), seed \(seed)") { () throws(RegionError) in
                try live.fillRandomly(rect, density: density, seed: seed)
            }
        } catch {
            throw SessionError(.argument, error.description)
        }
    }

    /// `document`'s live cells as a clip of `universe`, the clip's top-left at
    /// their bounding box's top-left (an empty document gives an empty 0×0 clip).
    /// - Throws: "rule" when the document's rule does not parse.
    public func clip(of document: PatternDocument, label: String) throws(SessionError) -> PatternClip {
        let source: Universe
        do { source = try Universe(document: document, rule: live.rule, memoryLimit: MemoryLimit.minimumBytes) } catch {
            throw SessionError(.rule, "\(label): \(error.description)")
        }
        let box = source.boundingBox ?? CellRect(x: .zero, y: .zero, width: .zero, height: .zero)
        return live.clip(of: box, in: source)
    }

    /// Stamps `clip` with its top-left at (`x`, `y`), after `transforms` in order, as `mode`
    /// says; one history entry described by `description`.
    public func stamp(_ clip: PatternClip, x: BigInt, y: BigInt, transforms: [PatternTransform], mode: PasteMode, description: String) {
        var placed = clip
        for t in transforms { placed = live.transformed(placed, t) }
        paste(placed, x: x, y: y, mode: mode, description: description)
    }

    /// `clip` as an RLE document (its top-left at the origin, the universe's rule).
    /// - Throws: "argument" when the clip is too large to list cell by cell.
    public func document(of clip: PatternClip) throws(SessionError) -> PatternDocument {
        try refuseMultiState("a two-state RLE of the clip")
        guard let w = clip.width.intValue, let h = clip.height.intValue, w < 1 << 31, h < 1 << 31,
              let count = clip.population.intValue, count < 1 << 31 else {
            throw SessionError(.argument, "the selection is too large to write cell by cell (\(clip.width)×\(clip.height) cells, population \(clip.population))")
        }
        var cells: [PatternCell] = []
        cells.reserveCapacity(count)
        live.forEachLiveCell(of: clip) { dx, dy in cells.append(PatternCell(x: dx, y: dy)) }
        var document = PatternDocument(cells: cells, rule: live.rule.description)
        document.width = w
        document.height = h
        return document
    }
}
