// Session+MultiState.swift — a session holds a two-state or a multi-state universe.
//
// Design: the session keeps its two-state `Universe` (`live`) as before, so the two-state path
// is unchanged, and beside it one `MultiStateUniverse` (`multi`) per loaded pattern, made when
// a multi-state file is loaded or a multi-state rule set; `holdsMultiState` says which one is
// current. Kept states (undo and redo entries, snapshots, the reset point, the loaded state)
// are `KeptState`s of either kind, each restored into the universe that saved it, so undo
// crosses a rule change between kinds both ways. While the multi-state universe is current the
// two-state one is empty, so a caller that reads `universe` sees no stale cells; `plane` reads
// the current one of either kind.
//
// Rule changes between kinds convert the cells: two-state live cells become state 1; to fewer
// states only when no cell is in a state the new rule lacks (else a "rule" error and nothing
// changes).

import HashlifeEngine
import HashlifeFormats
import HashlifeInterface

/// A saved state of the session's universe, of either kind (pinned: O(1) to keep and restore).
enum KeptState {
    case twoState(UniverseState)
    case multiState(MultiStateUniverseState)

    var generation: BigUInt {
        switch self {
        case .twoState(let s): s.generation
        case .multiState(let s): s.generation
        }
    }

    var isMultiState: Bool { if case .multiState = self { true } else { false } }
}

/// What `record` compares to tell whether a change changed anything: the kind, the cells, the
/// generation and the rule.
struct StateFingerprint: Equatable {
    let multiState: Bool
    let cells: CellSetKey
    let generation: BigUInt
    let rule: AnyRule
}

extension Session {
    // MARK: Reading

    /// The current universe, of either kind, to read.
    public var plane: any PlaneReading { holdsMultiState ? multi! : live }

    /// The multi-state universe, to read, while the session holds one; nil for a two-state one.
    public var multiState: (any MultiStateReading)? { holdsMultiState ? multi : nil }

    /// Does the session hold a multi-state pattern (a Generations, History or Super rule)?
    public var isMultiState: Bool { holdsMultiState }

    /// The current rule, of either kind.
    public var rule: AnyRule { holdsMultiState ? .multiState(multi!.rule) : .twoState(live.rule) }

    /// The state of the cell at (`x`, `y`) (0 or 1 for a two-state universe).
    public func state(x: BigInt, y: BigInt) -> UInt8 { plane.state(atX: x, y: y) }

    // MARK: Kept states

    /// The current state, of the current kind.
    func saveKept() -> KeptState {
        holdsMultiState ? .multiState(multi!.saveState()) : .twoState(live.saveState())
    }

    /// Makes `state` current, switching kinds when it is of the other kind (the two-state
    /// universe is emptied while the multi-state one is current).
    func restoreKept(_ state: KeptState) {
        switch state {
        case .twoState(let s):
            live.restore(s)
            holdsMultiState = false
        case .multiState(let s):
            guard let multi else { preconditionFailure("a multi-state state kept without its universe") }
            multi.restore(s)
            if !holdsMultiState { live.clear() }
            holdsMultiState = true
        }
    }

    /// The identity of the current state (see `StateFingerprint`).
    var fingerprint: StateFingerprint {
        if holdsMultiState, let multi {
            return StateFingerprint(multiState: true, cells: multi.cellSetKey, generation: multi.generation, rule: .multiState(multi.rule))
        }
        return StateFingerprint(multiState: false, cells: live.cellSetKey, generation: live.generation, rule: .twoState(live.rule))
    }

    // MARK: Loading

    /// Replaces the pattern with the multi-state `decoded` (under `rule`, else its own; a rule
    /// of the other kind converts its cells as `setRule` does), starting a new history, and
    /// fits the view. `label` names the source in errors.
    /// - Throws: "rule" when `rule` cannot hold the pattern's states.
    public func load(multiState decoded: DecodedMultiStatePattern, rule: AnyRule? = nil, label: String = "pattern") throws(SessionError) {
        let pattern = decoded.pattern
        let highest = pattern.cells.map(\.state).max() ?? 0
        let target = rule ?? .multiState(pattern.rule)
        if Int(highest) >= target.stateCount {
            throw SessionError(.rule, "\(label): the pattern has cells in state \(highest); rule \(target) has \(target.stateCount) states (0 to \(target.stateCount - 1))")
        }
        let universe = multi ?? MultiStateUniverse(rule: pattern.rule, memoryLimit: memoryLimit)
        universe.clear()
        universe.load(pattern)
        universe.generation = decoded.generation
        multi = universe
        live.clear()
        live.generation = .zero
        holdsMultiState = true
        if let clip = clipboard {
            // The two-state clip stays usable: its cells become state 1 of a multi-state clip.
            multiStateClipboard = try? multiStateClip(of: clip)
            clipboard = nil
        }
        path = nil
        document = nil
        multiStateComments = pattern.comments
        if target != .multiState(pattern.rule) {
            do { try convert(to: target) } catch { throw SessionError(error.kind, "\(label): \(error.message)") }
        }
        startHistory()
    }

    /// Changes the rule as `setRule` does, outside the history (for a load's rule).
    func convertWithoutHistory(to rule: AnyRule, label: String) throws(SessionError) {
        do { try convert(to: rule) } catch { throw SessionError(error.kind, "\(label): \(error.message)") }
        startHistory()
    }

    // MARK: Rules

    /// Changes the rule, of either kind; the cells stay. One history entry. Between kinds the
    /// universe changes: two-state live cells become state 1 of the multi-state universe, and
    /// cells of a multi-state universe move to a two-state one when they are all in state 0
    /// or 1. A rule with fewer states is refused while a cell is in a state it lacks.
    /// - Throws: "rule" when a cell is in a state the new rule lacks, or the pattern is too
    ///   large to convert cell by cell; nothing changes then.
    public func setRule(_ rule: AnyRule) throws(SessionError) {
        try record("rule \(rule)") { () throws(SessionError) in try convert(to: rule) }
    }

    /// Puts the current cells under `rule`, converting between kinds (see `setRule`).
    private func convert(to rule: AnyRule) throws(SessionError) {
        switch (holdsMultiState, rule) {
        case (false, .twoState(let r)):
            live.setRule(r)
        case (false, .multiState(let m)):
            var cells: [(x: Int, y: Int, state: UInt8)] = []
            var origin = (x: BigInt.zero, y: BigInt.zero)
            if let box = live.boundingBox {
                guard box.width.intValue != nil, box.height.intValue != nil else {
                    throw SessionError(.rule, "the pattern is too large to convert to a multi-state rule cell by cell (\(box.width)×\(box.height) cells)")
                }
                origin = (box.x, box.y)
                live.forEachLiveCellOffset(in: box) { dx, dy in cells.append((dx, dy, 1)) }
            }
            let universe = multi ?? MultiStateUniverse(rule: m, memoryLimit: memoryLimit)
            universe.setRule(m)
            universe.load(cells: cells, originX: origin.x, originY: origin.y)
            universe.generation = live.generation
            multi = universe
            live.clear()
            holdsMultiState = true
        case (true, _):
            let universe = multi!
            let highest = universe.highestState
            guard Int(highest) < rule.stateCount else {
                throw SessionError(.rule, "rule \(rule) has \(rule.stateCount) states (0 to \(rule.stateCount - 1)) but a cell is in state \(highest); clear those cells first")
            }
            switch rule {
            case .multiState(let m):
                universe.setRule(m)
            case .twoState(let r):
                var cells: [(x: Int, y: Int)] = []
                var origin = (x: BigInt.zero, y: BigInt.zero)
                if let box = universe.boundingBox {
                    guard box.width.intValue != nil, box.height.intValue != nil else {
                        throw SessionError(.rule, "the pattern is too large to convert to a two-state rule cell by cell (\(box.width)×\(box.height) cells)")
                    }
                    origin = (box.x, box.y)
                    universe.forEachCellOffset(in: box) { dx, dy, _ in cells.append((dx, dy)) }
                }
                live.setRule(r)
                live.load(cells: cells, originX: origin.x, originY: origin.y)
                live.generation = universe.generation
                holdsMultiState = false
                universe.clear()
            }
        }
    }

    // MARK: Cells

    /// Puts the cell at (`x`, `y`) in `state`; one history entry (cells set in `group`, a
    /// painted stroke, make one entry together). A two-state universe takes 0 and 1.
    /// - Throws: "argument" when `state` is not below the rule's state count.
    public func setState(_ state: UInt8, x: BigInt, y: BigInt, group: HistoryGroup? = nil) throws(SessionError) {
        let count = plane.stateCount
        guard Int(state) < count else {
            throw SessionError(.argument, "state \(state) is out of range: rule \(rule) has states 0 to \(count - 1)")
        }
        guard holdsMultiState, let multi else { return setCell(x: x, y: y, alive: state == 1, group: group) }
        guard multi.state(atX: x, y: y) != state else { return }
        var description = "cell (\(x), \(y)) set to state \(state)"
        if let group, continuing(group) != nil {
            strokeCells += 1
            description = "drew \(strokeCells + 1) cells"
        } else {
            strokeCells = 0
        }
        record(description, group: group) { multi.setState(state, atX: x, y: y) }
    }

    // MARK: Saving

    /// Writes the multi-state universe to `path` as multi-state RLE or Macrocell (with its
    /// generation), atomically; ".gz" compresses.
    func saveMultiState(path: String, format: PatternFormat) throws(SessionError) {
        guard let multi else { return }
        guard format == .rle || format == .macrocell else {
            throw SessionError(.format, "\(path): \(format.displayName) holds two states only; rule \(multi.rule) needs RLE (.rle) or Macrocell (.mc)")
        }
        if let box = multi.boundingBox {
            guard box.x.intValue != nil, box.y.intValue != nil, (box.maxX - BigInt(1)).intValue != nil,
                  (box.maxY - BigInt(1)).intValue != nil else {
                throw SessionError(.format, "\(path): the pattern's coordinates are too large to write cell by cell")
            }
        }
        var pattern = multi.pattern
        pattern.comments = multiStateComments
        let text = format == .rle
            ? MultiStateRLE.write(pattern)
            : MultiStateMacrocell.write(pattern, generation: multi.generation.isZero ? nil : multi.generation.description)
        var bytes = Array(text.utf8)
        if PatternFormat.isCompressedName(path) { bytes = Gzip.compress(bytes) }
        do { try FileIO.writeAtomically(bytes, to: path) } catch { throw SessionError(.file, error.description) }
        self.path = path
    }
}
