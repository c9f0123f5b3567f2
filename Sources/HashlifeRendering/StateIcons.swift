import HashlifeEngine

/// A rule's icons, as Golly reads a rule file's @ICONS section and draws them at scales of 1:8
/// and more: square images of 7, 15 or 31 pixels, one per live state.
///
/// The section holds XPM subsets (a line "XPM", then quoted strings: "width height colours
/// chars-per-pixel", the colour lines "<chars> c #RRGGBB", then the rows, icons for states 1,
/// 2, … stacked downwards) and/or one of Golly's built-in names: circles, diamonds, hexagons,
/// triangles (drawn here as those shapes). Sizes other than 7, 15 and 31 are ignored; a state
/// beyond the last icon takes the last one. Grayscale icons are masks: black shows the
/// background, white the state's colour, grey blends the two. An icon set with any other
/// colour is drawn in its own colours, black still showing the background.
public struct StateIcons: Hashable, Sendable {
    /// One icon set of one size: pixels row by row, icons one after another.
    struct IconSet: Hashable, Sendable {
        var side: Int
        var icons: [[RGB]]
        var isGrayscale: Bool
    }

    private(set) var sets: [IconSet]

    /// The icons of `lines` (a rule's `iconLines`); nil when they describe none.
    public init?(lines: [String]) {
        var sets: [IconSet] = []
        var index = 0
        while index < lines.count {
            let line = lines[index].trimmedOfSpaces
            index += 1
            if line.hasPrefix("#") || line.hasPrefix("/") || line.isEmpty { continue }
            if let builtIn = BuiltInIcon(rawValue: line.lowercased()) {
                sets += [7, 15, 31].map { builtIn.set(side: $0) }
                continue
            }
            guard line == "XPM" else { continue }
            // The quoted strings after the XPM line.
            var strings: [String] = []
            while index < lines.count {
                let next = lines[index].trimmedOfSpaces
                if next == "XPM" || BuiltInIcon(rawValue: next.lowercased()) != nil { break }
                index += 1
                guard next.first == "\"", let end = next.dropFirst().firstIndex(of: "\"") else { continue }
                strings.append(String(next[next.index(after: next.startIndex)..<end]))
            }
            if let set = StateIcons.parseXPM(strings) { sets.append(set) }
        }
        guard !sets.isEmpty else { return nil }
        self.sets = sets
    }

    /// An XPM subset's icon set; nil for a size Golly does not draw or data that is short.
    private static func parseXPM(_ strings: [String]) -> IconSet? {
        guard let header = strings.first else { return nil }
        let numbers = header.split(separator: " ").compactMap { Int($0) }
        guard numbers.count >= 4 else { return nil }
        let (width, height, colourCount, perPixel) = (numbers[0], numbers[1], numbers[2], numbers[3])
        guard [7, 15, 31].contains(width), height >= width, height % width == 0, (1...2).contains(perPixel),
              colourCount >= 1, strings.count >= 1 + colourCount + height else { return nil }
        var palette: [String: RGB] = [:]
        for line in strings[1...colourCount] {
            let key = String(line.prefix(perPixel))
            let fields = line.dropFirst(perPixel).split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let c = fields.firstIndex(of: "c"), c + 1 < fields.count else { continue }
            let value = String(fields[c + 1])
            palette[key] = RGB(hex: value) ?? (value.lowercased() == "none" ? .black : nil)
        }
        var pixels: [RGB] = []
        pixels.reserveCapacity(width * height)
        for row in strings[(1 + colourCount)..<(1 + colourCount + height)] {
            let characters = Array(row)
            for x in 0..<width {
                let start = x * perPixel
                let key = start + perPixel <= characters.count ? String(characters[start..<start + perPixel]) : ""
                pixels.append(palette[key] ?? .black)
            }
        }
        let area = width * width
        let icons = (0..<height / width).map { Array(pixels[$0 * area..<($0 + 1) * area]) }
        return IconSet(side: width, icons: icons, isGrayscale: pixels.allSatisfy { $0.r == $0.g && $0.g == $0.b })
    }

    /// The smallest icon size at least `side`, else the largest.
    func set(for side: Int) -> IconSet {
        sets.filter { $0.side >= side }.min { $0.side < $1.side } ?? sets.max { $0.side < $1.side }!
    }

    /// The pixels of `state`'s icon drawn `side` pixels square (nearest neighbour from the
    /// closest size), row by row, in final colours: `background` and `color` are state 0's
    /// and the state's colours. Nil for state 0.
    public func pixels(state: UInt8, side: Int, color: RGB, background: RGB) -> [RGB]? {
        guard state > 0, side > 0 else { return nil }
        let set = set(for: side)
        let icon = set.icons[min(Int(state) - 1, set.icons.count - 1)]
        var result: [RGB] = []
        result.reserveCapacity(side * side)
        for y in 0..<side {
            for x in 0..<side {
                let pixel = icon[(y * set.side / side) * set.side + x * set.side / side]
                if pixel == .black {
                    result.append(background)
                } else if set.isGrayscale {
                    result.append(StateIcons.blend(background, color, Int(pixel.r)))
                } else {
                    result.append(pixel)
                }
            }
        }
        return result
    }

    /// `from` moved `level`/255 of the way to `to`.
    static func blend(_ from: RGB, _ to: RGB, _ level: Int) -> RGB {
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Int(a) * (255 - level) + Int(b) * level + 127) / 255) }
        return RGB(r: mix(from.r, to.r), g: mix(from.g, to.g), b: mix(from.b, to.b))
    }
}

/// Golly's built-in icon names, drawn as their shapes in white on black (grayscale masks).
enum BuiltInIcon: String {
    case circles, diamonds, hexagons, triangles

    func set(side: Int) -> StateIcons.IconSet {
        var pixels: [RGB] = []
        let c = Double(side - 1) / 2
        for y in 0..<side {
            for x in 0..<side {
                let dx = Double(x) - c, dy = Double(y) - c
                let inside: Bool = switch self {
                case .circles: dx * dx + dy * dy <= (c + 0.5) * (c + 0.5)
                case .diamonds: abs(dx) + abs(dy) <= c + 0.5
                // Flat top and bottom, pointed left and right.
                case .hexagons: abs(dy) <= c * 0.87 + 0.5 && abs(dx) + abs(dy) * 0.577 <= c + 0.5
                // The lower-left half, as a triangular cell drawn in its square.
                case .triangles: x <= y
                }
                pixels.append(inside ? .white : .black)
            }
        }
        return StateIcons.IconSet(side: side, icons: [pixels], isGrayscale: true)
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    fileprivate var trimmedOfSpaces: String {
        let characters = Array(self)
        var start = 0, end = characters.count
        while start < end && (characters[start] == " " || characters[start] == "\t") { start += 1 }
        while end > start && (characters[end - 1] == " " || characters[end - 1] == "\t") { end -= 1 }
        return String(characters[start..<end])
    }
}
