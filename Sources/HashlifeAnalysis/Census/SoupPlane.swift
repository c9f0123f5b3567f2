import CLifeKernels

// The census's soup plane (`soup_plane.h`): a 1024×1024 square of cells stepped by vector
// kernels that skip the blocks with nothing changing. This type is the one owner of its
// memory; everything else goes through its methods.

/// A bounded square of cells for running one small soup at a time (see `soup_plane.h`).
/// Not thread-safe: one per thread.
final class SoupPlane {
    /// The side of the square, in cells.
    static let side = Int(HSP_SIDE)
    /// Live cells this close to the border end the plane's exactness soon (a step reports them).
    static let margin = Int(HSP_MARGIN)

    /// The kernels this processor runs (2 AVX-512, 1 AVX2), or nil when it runs neither and
    /// the plane cannot be used.
    static let kernels: Int32? = {
        #if arch(x86_64)
        let level = hashlife_life_kernels_available()
        return level > 0 ? level : nil
        #else
        return nil
        #endif
    }()

    /// What one step reports.
    struct Report {
        /// Blocks that changed since two generations before.
        var changedBlocks: Int
        /// A computed block has a live cell within `margin` of the border.
        var nearEdge: Bool
    }

    private let plane: UnsafeMutablePointer<hashlife_soup_plane>
    private let level: Int32
    private let birth: UInt32
    private let survival: UInt32
    private let life: Int32

    /// A cleared plane for an outer-totalistic rule without B0 (`birth` and `survival` as
    /// `Rule.birthCounts` and `survivalCounts`); nil when the processor has no kernel for it.
    init?(birth: UInt16, survival: UInt16) {
        guard let level = SoupPlane.kernels else { return nil }
        self.level = level
        self.birth = UInt32(birth)
        self.survival = UInt32(survival)
        life = birth == 0b1000 && survival == 0b1100 ? 1 : 0
        let raw = UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<hashlife_soup_plane>.size, alignment: 64)
        plane = raw.bindMemory(to: hashlife_soup_plane.self, capacity: 1)
        hsp_init(plane)
    }

    deinit { UnsafeMutableRawPointer(plane).deallocate() }

    /// Generations stepped since the last `clear`.
    var generation: Int { Int(plane.pointee.generation) }

    /// No live cells, generation 0.
    func clear() { hsp_clear(plane) }

    /// Sets the cells of a cleared plane and readies it for stepping.
    func load(_ cells: [(x: Int, y: Int)]) {
        for cell in cells { hsp_set(plane, Int32(cell.x), Int32(cell.y), 1) }
        hsp_start(plane)
    }

    /// One generation.
    func step() -> Report { run(limit: 1, quiet: 0, few: 0, look: .max).report }

    /// Steps at most `limit` generations (at least 1), stopping after one near the edge, one
    /// that may repeat an earlier one (`period`: 2 when no block changed, else the distance to
    /// an earlier generation of equal hash, looked for among generations with at most `quiet`
    /// changed blocks), or one with at most `few` (but some) changed blocks at or after
    /// generation `look`. The last step's report, and the period (0 for none).
    func run(limit: Int, quiet: Int, few: Int, look: Int) -> (report: Report, period: Int) {
        #if arch(x86_64)
        let stop = hsp_run(plane, level, birth, survival, life, UInt64(max(limit, 1)), UInt32(quiet), UInt32(few), UInt64(max(look, 0)))
        return (Report(changedBlocks: Int(stop.report & ~HSP_EDGE), nearEdge: stop.report & HSP_EDGE != 0), Int(stop.period))
        #else
        preconditionFailure("the soup plane has no kernel on this processor")
        #endif
    }

    /// Whether cell (x, y) is alive; false outside the square.
    @inline(__always)
    func isAlive(_ x: Int, _ y: Int) -> Bool {
        guard x >= 0, y >= 0, x < SoupPlane.side, y < SoupPlane.side else { return false }
        return hsp_cell(plane, Int32(x), Int32(y)) != 0
    }

    /// Kills cell (x, y).
    func kill(_ x: Int, _ y: Int) { hsp_set(plane, Int32(x), Int32(y), 0) }

    /// The live cells, block by block, as x | y << 16.
    func liveCells() -> [UInt32] { cells { hsp_live_cells(plane, $0, $1) } }

    /// The live cells in the blocks the next step computes (everything that moves or has a
    /// period above 2 is there), as x | y << 16.
    func activeCells() -> [UInt32] { cells { hsp_active_cells(plane, $0, $1) } }

    /// Room for the lists of cells (grown when a list does not fit).
    private var buffer = [UInt32](repeating: 0, count: 4096)

    /// How many live cells are in the blocks the next step computes.
    var activePopulation: Int { Int(hsp_active_population(plane)) }

    private func cells(_ list: (UnsafeMutablePointer<UInt32>?, Int32) -> Int32) -> [UInt32] {
        while true {
            let count = Int(buffer.withUnsafeMutableBufferPointer { list($0.baseAddress, Int32($0.count)) })
            if count <= buffer.count { return Array(buffer.prefix(count)) }
            buffer = [UInt32](repeating: 0, count: count)
        }
    }

    /// The live cells within `margin` of the border, as x | y << 16.
    func cellsNearEdge() -> [UInt32] {
        let near = { (x: Int, y: Int) in
            min(x, y, SoupPlane.side - 1 - x, SoupPlane.side - 1 - y) < SoupPlane.margin
        }
        return liveCells().filter { near(Int($0 & 0xFFFF), Int($0 >> 16)) }
    }

    /// A copy of the current generation's cells (for comparing and for envelopes).
    final class Cells {
        fileprivate let cells: UnsafeMutablePointer<hashlife_soup_cells>

        init() {
            let raw = UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<hashlife_soup_cells>.size, alignment: 64)
            cells = raw.bindMemory(to: hashlife_soup_cells.self, capacity: 1)
            hsp_cells_clear(cells)
        }

        deinit { UnsafeMutableRawPointer(cells).deallocate() }

        /// Whether cell (x, y) is set; false outside the square.
        @inline(__always)
        func contains(_ x: Int, _ y: Int) -> Bool {
            guard x >= 0, y >= 0, x < SoupPlane.side, y < SoupPlane.side else { return false }
            return hsp_cells_get(cells, Int32(x), Int32(y)) != 0
        }
    }

    /// A copy of the whole plane, to go back to.
    final class Saved {
        fileprivate let plane: UnsafeMutablePointer<hashlife_soup_plane>

        init() {
            let raw = UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<hashlife_soup_plane>.size, alignment: 64)
            plane = raw.bindMemory(to: hashlife_soup_plane.self, capacity: 1)
            hsp_init(plane)
        }

        deinit { UnsafeMutableRawPointer(plane).deallocate() }
    }

    /// Saves the plane into `saved`.
    func save(into saved: Saved) { hsp_save(plane, saved.plane) }
    /// Makes the plane what it was when saved into `saved`.
    func restore(from saved: Saved) { hsp_restore(plane, saved.plane) }

    /// Copies the current generation into `cells`, which must be clear (new, or cleared by
    /// `clearCopy`).
    func copy(into cells: Cells) { hsp_copy(plane, cells.cells) }
    /// Whether the current generation equals `cells`, the last `copy`.
    func equals(_ cells: Cells) -> Bool { hsp_equals(plane, cells.cells) != 0 }
    /// Clears what `copy` set in `cells`.
    func clearCopy(_ cells: Cells) { hsp_clear_copy(plane, cells.cells) }
    /// Adds the current generation's live cells to `cells`.
    func accumulate(into cells: Cells) { hsp_accumulate(plane, cells.cells) }
    /// Clears what `accumulate` set in `cells`.
    func clearEnvelope(_ cells: Cells) { hsp_clear_envelope(plane, cells.cells) }
}
