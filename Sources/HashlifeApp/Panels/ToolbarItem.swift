// The edit toolbar's patterns; their previews, like the snapshot and board panels', come from
// the project's one thumbnail renderer (`Thumbnail.text`).

import HashlifeEngine
import HashlifeRendering
import HashlifeEditing

/// One pattern of the edit toolbar.
public struct ToolbarItem: Equatable, Sendable {
    public var name: String
    public var stamp: Stamp
    /// A one-line picture.
    public var preview: String

    /// The shipped shapes the toolbar starts with, in order, with the names it shows.
    static let starterPatterns: [(file: String, name: String)] = [
        ("glider", "Glider"), ("lwss", "LWSS"), ("pulsar", "Pulsar"), ("gosper-glider-gun", "Gosper gun"), ("block", "Block"),
        ("blinker", "Blinker"), ("toad", "Toad"), ("beacon", "Beacon"), ("loaf", "Loaf"), ("boat", "Boat"),
    ]

    /// The ten starter patterns, then the user's shapes from `library` (small ones: at most
    /// 10,000 cells, so the preview can follow the pointer).
    static func load(library: ShapeLibrary?) -> [ToolbarItem] {
        let lib = library ?? ShapeLibrary(folder: nil)
        var items = starterPatterns.compactMap { item(lib, file: $0.file, name: $0.name) }
        if library != nil, let entries = try? lib.list() {
            for entry in entries where !entry.isBuiltIn && !entry.isShadowed {
                if let made = item(lib, file: entry.name, name: entry.name) { items.append(made) }
            }
        }
        return items
    }

    static func item(_ library: ShapeLibrary, file: String, name: String) -> ToolbarItem? {
        guard let pattern = try? library.pattern(named: file), let universe = try? pattern.universe(memoryLimit: MemoryLimit.minimumBytes),
              let stamp = Stamp(universe: universe, name: name) else { return nil }
        return ToolbarItem(name: name, stamp: stamp, preview: Thumbnail.text(universe, columns: 12, rows: 1)[0])
    }
}

extension Stamp {
    /// The cells of `universe` not in state 0 as a stamp (their bounding box's top-left at
    /// 0, 0), with their states when any is above 1; nil when empty or larger than `limit`
    /// cells.
    init?(universe: any LifeUniverse, name: String, limit: Int = 10_000) {
        guard let box = universe.boundingBox, universe.population <= BigUInt(limit),
              let clip = try? universe.cellClip(of: box) else { return nil }
        self.init(clip: clip, name: name, limit: limit)
    }

    /// `clip`'s cells as a stamp; nil when empty or larger than `limit` cells.
    init?(clip: CellClip, name: String, limit: Int = 10_000) {
        guard !clip.isEmpty, clip.population <= BigUInt(limit), let w = clip.width.intValue, let h = clip.height.intValue,
              let cells = try? clip.cells() else { return nil }
        self.init(name: name, cells: cells.map { .init($0.x, $0.y) }, width: w, height: h,
                  states: clip.highestState > 1 ? cells.map(\.state) : nil)
    }

    /// The stamp turned or mirrored: its cells stay within their box, top-left at (0, 0).
    func transformed(_ transform: PatternTransform) -> Stamp {
        var out = self
        let (w, h) = (width, height)
        out.cells = cells.map { p in
            switch transform {
            case .rotateClockwise: .init(h - 1 - p.dy, p.dx)
            case .rotateCounterclockwise: .init(p.dy, w - 1 - p.dx)
            case .rotate180: .init(w - 1 - p.dx, h - 1 - p.dy)
            case .flipHorizontal: .init(w - 1 - p.dx, p.dy)
            case .flipVertical: .init(p.dx, h - 1 - p.dy)
            }
        }
        if transform.swapsSides { (out.width, out.height) = (h, w) }
        return out
    }
}
