extension PopulationPlot {
    /// The chart as a PNG in `theme` (an image has one look: light by default). Text is drawn
    /// with `BitmapFont` at twice its size (10×14 pixels a character).
    public func png(theme: Theme = .light) -> [UInt8] {
        var canvas = PlotCanvas(width: width, height: height, background: theme.background)
        let scene = scene()
        func colour(_ role: PlotScene.Role) -> RGB {
            switch role {
            case .text: theme.text
            case .grid: theme.grid
            case .axis: theme.axis
            case .series(let i): theme.series[i % theme.series.count]
            }
        }
        // Grid first, then axes and series, then text on top.
        let order: [(PlotScene.Item) -> Bool] = [
            { if case .line(_, _, _, _, .grid) = $0 { true } else { false } },
            { if case .line(_, _, _, _, let role) = $0 { role != .grid } else { false } },
            { if case .polyline = $0 { true } else if case .marker = $0 { true } else { false } },
            { if case .text = $0 { true } else { false } },
        ]
        for matches in order {
            for item in scene.items where matches(item) {
                switch item {
                case let .line(x1, y1, x2, y2, role):
                    canvas.line(x1, y1, x2, y2, colour(role), thickness: 1)
                case let .polyline(points, role):
                    for (a, b) in zip(points, points.dropFirst()) { canvas.line(a.x, a.y, b.x, b.y, colour(role), thickness: 2) }
                case let .marker(x, y, role):
                    canvas.fill(x: Int(x.rounded()) - 2, y: Int(y.rounded()) - 2, width: 5, height: 5, colour(role))
                case let .text(text, x, y, anchor, role, _, rotated):
                    canvas.text(text, x: x, y: y, anchor: anchor, colour: colour(role), rotated: rotated)
                }
            }
        }
        return PNGWriter.rgbImage(width: width, height: height, pixels: canvas.pixels)
    }
}

/// An RGB raster with the few drawing operations plots need.
struct PlotCanvas {
    let width: Int
    let height: Int
    var pixels: [RGB]
    /// Pixels per font pixel.
    static let textScale = 2

    init(width: Int, height: Int, background: RGB) {
        self.width = width
        self.height = height
        pixels = Array(repeating: background, count: width * height)
    }

    mutating func set(_ x: Int, _ y: Int, _ colour: RGB) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        pixels[y * width + x] = colour
    }

    mutating func fill(x: Int, y: Int, width: Int, height: Int, _ colour: RGB) {
        for dy in 0..<height { for dx in 0..<width { set(x + dx, y + dy, colour) } }
    }

    /// A straight line (DDA), `thickness` pixels square per step.
    mutating func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ colour: RGB, thickness: Int) {
        let steps = Swift.max(1, Int(Swift.max(abs(x2 - x1), abs(y2 - y1)).rounded(.up)))
        let offset = (thickness - 1) / 2
        for i in 0...steps {
            let t = Double(i) / Double(steps)
            let x = Int((x1 + (x2 - x1) * t).rounded(.down)), y = Int((y1 + (y2 - y1) * t).rounded(.down))
            fill(x: x - offset, y: y - offset, width: thickness, height: thickness, colour)
        }
    }

    /// Text in `BitmapFont`, baseline at y (rotated: reading upwards, centred on (x, y)).
    mutating func text(_ text: String, x: Double, y: Double, anchor: PlotScene.Anchor, colour: RGB, rotated: Bool) {
        let scale = Self.textScale
        let advance = (BitmapFont.glyphWidth + 1) * scale
        let length = text.count * advance - scale
        let start: Int
        switch anchor {
        case .start: start = 0
        case .middle: start = -length / 2
        case .end: start = -length
        }
        let glyphHeight = BitmapFont.glyphHeight * scale
        for (index, character) in text.enumerated() {
            let rows = BitmapFont.rows(character)
            for (row, bits) in rows.enumerated() {
                for column in 0..<BitmapFont.glyphWidth where bits & (0x10 >> UInt8(column)) != 0 {
                    // Along the text u, across it v (v = 0 at the top of the glyph).
                    let u = start + index * advance + column * scale
                    let v = row * scale
                    for du in 0..<scale {
                        for dv in 0..<scale {
                            if rotated {
                                set(Int(x) - glyphHeight / 2 + v + dv, Int(y) - (u + du), colour)
                            } else {
                                set(Int(x) + u + du, Int(y) - glyphHeight + v + dv, colour)
                            }
                        }
                    }
                }
            }
        }
    }
}
