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
        selection = universe.boundingBox
        return selection
    }

    /// The selection, or an error saying one is needed for `action`.
    public func requireSelection(for action: String) throws(SessionError) -> CellRect {
        guard let selection else {
            throw SessionError(.selection, "\(action) needs a selection ('select X Y W H' or 'select all')")
        }
        return selection
    }

    /// Copies the selection's cells, with their states, to the clipboard and returns the clip.
    /// - Throws: "selection" when nothing is selected; "argument" when the selection is too
    ///   large for this family to copy.
    @discardableResult
    public func copySelection() throws(SessionError) -> CellClip {
        let clip = try selectionClip(of: try requireSelection(for: "copy"))
        clipboard = clip
        return clip
    }

    /// Copies the selection to the clipboard, then empties its cells; one history entry.
    @discardableResult
    public func cutSelection() throws(SessionError) -> CellClip {
        let rect = try requireSelection(for: "cut")
        let clip = try selectionClip(of: rect)
        clipboard = clip
        record("cut \(Session.shown(rect))") { universe.clear(inside: rect) }
        return clip
    }

    private func selectionClip(of rect: CellRect) throws(SessionError) -> CellClip {
        do { return try universe.cellClip(of: rect) } catch { throw SessionError(.argument, error.description) }
    }

    /// Pastes the clipboard with its top-left at (`x`, `y`) as `mode` says; one history entry.
    /// - Throws: "clipboard" when the clipboard is empty or holds states the rule lacks.
    public func paste(x: BigInt, y: BigInt, mode: PasteMode = .or) throws(SessionError) {
        let description = "paste at (\(x), \(y))\(mode == .copy ? ", replacing" : "")"
        guard let clip = clipboard else { throw SessionError(.clipboard, "the clipboard is empty ('copy' or 'cut' a selection first)") }
        try paste(clip, x: x, y: y, mode: mode, description: description)
    }

    /// Pastes `clip` (of any universe) with its top-left at (`x`, `y`) as `mode` says; one
    /// history entry described by `description`. Paste modes with states
    /// (`MultiStateUniverse.paste`): `or` writes the clip's non-empty cells over the target,
    /// `copy` every cell of the clip's rectangle (state 0 too), `xor` empties non-empty target
    /// cells under the clip's non-empty ones and fills empty ones with the clip's state, `and`
    /// empties target cells where the clip is empty.
    /// - Throws: "clipboard" when the clip holds a state the rule lacks or is too large to copy
    ///   between families; nothing changes then.
    public func paste(_ clip: CellClip, x: BigInt, y: BigInt, mode: PasteMode = .or, description: String) throws(SessionError) {
        do {
            try record(description) { () throws(RegionError) in try universe.paste(clip, x: x, y: y, mode: mode) }
        } catch {
            throw SessionError(.clipboard, error.description)
        }
    }

    /// Kills every cell inside (or, with `outside`, outside) the selection; one history entry.
    public func clearSelection(outside: Bool = false) throws(SessionError) {
        let rect = try requireSelection(for: outside ? "clear outside" : "clear inside")
        record("clear \(outside ? "outside" : "inside") \(Session.shown(rect))") {
            if outside { universe.clear(outside: rect) } else { universe.clear(inside: rect) }
        }
    }

    /// Rotates or flips the selection's cells in place (its top-left stays; a quarter turn
    /// swaps its sides, and the selection follows); one history entry.
    public func transformSelection(_ transform: PatternTransform) throws(SessionError) {
        let rect = try requireSelection(for: transform.swapsSides || transform == .rotate180 ? "rotate" : "flip")
        let turned: CellClip
        do { turned = try universe.transformed(try universe.cellClip(of: rect), transform) } catch {
            throw SessionError(.argument, error.description)
        }
        do {
            try record("\(Session.name(of: transform)) \(Session.shown(rect))") { () throws(RegionError) in
                universe.clear(inside: rect)
                try universe.paste(turned, x: rect.x, y: rect.y, mode: .or)
            }
        } catch {
            throw SessionError(.argument, error.description)
        }
        selection = CellRect(x: rect.x, y: rect.y, width: turned.width, height: turned.height)
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

    /// Fills the selection at random with cells in `state` (each with probability `density`,
    /// reproducible from `seed`; see `Universe.fillRandomly`); one history entry.
    /// - Throws: "selection" without a selection, "argument" for a bad density or state or a
    ///   selection too large to fill.
    public func fillSelection(density: Double, seed: UInt64, state: UInt8 = 1) throws(SessionError) {
        let rect = try requireSelection(for: "fill")
        do {
            try record("random fill \(Session.shown(rect)), density \(density), seed \(seed)\(state == 1 ? "" : ", state \(state)")") { () throws(RegionError) in
                try universe.fillRandomly(rect, density: density, seed: seed, state: state, mode: .copy)
            }
        } catch {
            throw SessionError(.argument, error.description)
        }
    }

    /// `document`'s live cells as a clip, its top-left at their bounding box's top-left (an
    /// empty document gives an empty 0×0 clip).
    /// - Throws: "rule" when the document's rule does not parse.
    public func clip(of document: PatternDocument, label: String) throws(SessionError) -> CellClip {
        let source: Universe
        do { source = try Universe(document: document, rule: .life, memoryLimit: MemoryLimit.minimumBytes) } catch {
            throw SessionError(.rule, "\(label): \(error.description)")
        }
        let box = source.boundingBox ?? CellRect(x: .zero, y: .zero, width: .zero, height: .zero)
        do { return universe.adopting(try source.cellClip(of: box)) } catch { throw SessionError(.argument, error.description) }
    }

    /// `pattern`'s cells (any family, under its own rule) as a clip, its top-left at their
    /// bounding box's top-left (an empty pattern gives an empty 0×0 clip).
    /// - Throws: "rule" when the pattern's rule does not parse; "argument" when it is too large
    ///   to copy.
    public func clip(of pattern: LoadedPattern, label: String) throws(SessionError) -> CellClip {
        let source: any LifeUniverse
        do { source = try pattern.universe(memoryLimit: MemoryLimit.minimumBytes) } catch {
            throw SessionError(.rule, "\(label): \(error.description)")
        }
        let box = source.boundingBox ?? CellRect(x: .zero, y: .zero, width: .zero, height: .zero)
        do { return universe.adopting(try source.cellClip(of: box)) } catch { throw SessionError(.argument, error.description) }
    }

    /// Stamps `clip` with its top-left at (`x`, `y`), after `transforms` in order, as `mode`
    /// says; one history entry described by `description`.
    /// - Throws: "clipboard" as `paste` does.
    public func stamp(_ clip: CellClip, x: BigInt, y: BigInt, transforms: [PatternTransform], mode: PasteMode,
                      description: String) throws(SessionError) {
        var placed = clip
        do { for t in transforms { placed = try universe.transformed(placed, t) } } catch {
            throw SessionError(.clipboard, error.description)
        }
        try paste(placed, x: x, y: y, mode: mode, description: description)
    }

    /// `clip` as RLE under the current rule, its top-left at the origin.
    /// - Throws: "argument" when the clip is too large to list cell by cell, or holds a
    ///   state the rule lacks.
    public func rle(of clip: CellClip) throws(SessionError) -> String {
        let cells: [(x: Int, y: Int, state: UInt8)]
        do { cells = try clip.cells() } catch { throw SessionError(.argument, error.description) }
        guard Int(clip.highestState) < universe.stateCount else {
            throw SessionError(.argument, RegionError.stateOutOfRange(state: clip.highestState, rule: rule).description)
        }
        return PatternCodec.rle(cells: cells, width: clip.width.intValue!, height: clip.height.intValue!, rule: rule)
    }
}
