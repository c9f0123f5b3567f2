// The app's settings: what the settings panel changes and
// $XDG_CONFIG_HOME/hashlife/settings.json keeps (SettingsFile.swift).

/// Playback speed: generations per second, and hyper mode's jumps of 2^k per frame.
public enum Speed: String, CaseIterable, Sendable {
    case slow, normal, fast, hyper

    /// Frames per second while playing.
    var framesPerSecond: Int {
        switch self {
        case .slow: 4
        case .normal: 15
        case .fast, .hyper: 60
        }
    }
}

/// Auto-zoom: off, `fit` (zoom out and in), or `out` (only zoom out).
public enum AutoZoom: String, CaseIterable, Sendable {
    case fit, out, off
}

public enum CellShape: String, CaseIterable, Sendable {
    case square, round
}

public enum Theme: String, CaseIterable, Sendable {
    case dark, light
}

/// Everything the settings panel sets. Colours nil mean "the theme's".
public struct Settings: Equatable, Sendable {
    public var speed: Speed = .normal
    /// Hyper mode's step: 2^hyperExponent generations per frame.
    public var hyperExponent: Int = 4
    public var autoZoom: AutoZoom = .fit
    public var autoStop: Bool = true
    public var gridLines: Bool = true
    public var cellShape: CellShape = .square
    public var theme: Theme = .dark
    public var liveColour: RGB? = nil
    public var backgroundColour: RGB? = nil
    public var gridColour: RGB? = nil
    public var axesColour: RGB? = nil

    public init() {}

    public static let defaults = Settings()

    /// The colours to draw with.
    public var palette: Palette {
        let base = theme == .dark ? Palette.dark : Palette.light
        return Palette(live: liveColour ?? base.live, background: backgroundColour ?? base.background,
                       grid: gridColour ?? base.grid, axes: axesColour ?? base.axes, text: base.text, dim: base.dim,
                       panel: base.panel, accent: base.accent, selection: base.selection)
    }
}

/// The colours of one frame.
public struct Palette: Equatable, Sendable {
    public var live: RGB
    public var background: RGB
    public var grid: RGB
    public var axes: RGB
    public var text: RGB
    public var dim: RGB
    public var panel: RGB
    public var accent: RGB
    public var selection: RGB

    public static let dark = Palette(live: RGB(0x4a, 0xde, 0x80), background: RGB(0x10, 0x14, 0x18), grid: RGB(0x2a, 0x31, 0x3a),
                                     axes: RGB(0x8a, 0x4b, 0x4b), text: RGB(0xe5, 0xe7, 0xeb), dim: RGB(0x9c, 0xa3, 0xaf),
                                     panel: RGB(0x1f, 0x26, 0x2e), accent: RGB(0xfb, 0xbf, 0x24), selection: RGB(0x33, 0x41, 0x55))
    public static let light = Palette(live: RGB(0x16, 0x65, 0x34), background: RGB(0xfa, 0xfa, 0xf9), grid: RGB(0xd6, 0xd3, 0xd1),
                                      axes: RGB(0xdc, 0x8a, 0x8a), text: RGB(0x1c, 0x19, 0x17), dim: RGB(0x57, 0x53, 0x4e),
                                      panel: RGB(0xe7, 0xe5, 0xe4), accent: RGB(0xb4, 0x53, 0x09), selection: RGB(0xbf, 0xdb, 0xfe))

    /// Named colours the settings panel cycles through.
    public static let choices: [(name: String, rgb: RGB)] = [
        ("green", RGB(0x4a, 0xde, 0x80)), ("dark green", RGB(0x16, 0x65, 0x34)), ("amber", RGB(0xfb, 0xbf, 0x24)),
        ("sky", RGB(0x38, 0xbd, 0xf8)), ("rose", RGB(0xfb, 0x71, 0x85)), ("white", RGB(0xff, 0xff, 0xff)),
        ("grey", RGB(0x2a, 0x31, 0x3a)), ("slate", RGB(0x64, 0x74, 0x8b)), ("ink", RGB(0x10, 0x14, 0x18)),
        ("paper", RGB(0xfa, 0xfa, 0xf9)), ("black", RGB(0, 0, 0)), ("brick", RGB(0x8a, 0x4b, 0x4b)),
    ]
}
