import HashlifeEngine

/// The one rule for the size of a picture, for every way of drawing (`hashlife view` in every
/// format, `hashlife repl --size`, the REPL's `view` and `size`):
///
/// **a picture is at most 16,777,216 (2^24) blocks, and an image at most 2^24 pixels** — for
/// example 4096×4096 blocks, or 1024×1024 blocks at `--scale 4`. Text prints at most one
/// character per block, so text output stays below 16 MB plus line ends, and an image below
/// 2^24 pixels.
///
/// Sizes are checked as exact big integers before anything is drawn, so a window of 2^100 cells
/// at zoom 1 is refused with a message rather than attempted.
public struct OutputLimit: Sendable {
    /// Most blocks in a picture, and most pixels in an image: 2^24.
    public static let maximumBlocks = 1 << 24

    /// Why a size was refused: the blocks (or pixels) asked for, in words.
    public struct Exceeded: Error, Equatable, Sendable, CustomStringConvertible {
        public var columns: BigUInt
        public var rows: BigUInt
        /// Pixels per block side for images; nil for text.
        public var pixelsPerBlock: Int?

        public var description: String {
            if let scale = pixelsPerBlock, scale > 1 {
                return "a \(Self.show(columns))×\(Self.show(rows))-block image at scale \(scale) is \(Self.show(columns * rows * BigUInt(scale * scale))) pixels; the limit is \(OutputLimit.maximumBlocks) (2^24) pixels"
            }
            return "a \(Self.show(columns))×\(Self.show(rows))-block picture is \(Self.show(columns * rows)) blocks; the limit is \(OutputLimit.maximumBlocks) (2^24) blocks, e.g. 4096×4096"
        }

        /// Digits, or their count when there are many.
        static func show(_ n: BigUInt) -> String {
            let text = n.description
            return text.count <= 24 ? text : "\(text.prefix(6))…(\(text.count) digits)"
        }
    }

    /// Checks a picture of `columns`×`rows` blocks, at `pixelsPerBlock` for an image (nil for text).
    /// - Throws: `Exceeded` when it is empty-free but over the limit.
    public static func check(columns: BigUInt, rows: BigUInt, pixelsPerBlock: Int? = nil) throws(Exceeded) {
        let scale = BigUInt(max(pixelsPerBlock ?? 1, 1))
        let area = columns * rows * scale * scale
        guard area <= BigUInt(maximumBlocks) else { throw Exceeded(columns: columns, rows: rows, pixelsPerBlock: pixelsPerBlock) }
    }

    /// `check` for the blocks of `viewport`.
    public static func check(_ viewport: Viewport, pixelsPerBlock: Int? = nil) throws(Exceeded) {
        let counts = viewport.blockCounts
        try check(columns: counts.columns, rows: counts.rows, pixelsPerBlock: pixelsPerBlock)
    }
}
