extension PopulationPlot {
    /// The chart as an SVG document. With `theme` nil the colours follow the viewer's
    /// preference (light, or dark under `prefers-color-scheme: dark`); otherwise that theme.
    public func svg(theme: Theme? = nil) -> String {
        let scene = scene()
        func css(_ theme: Theme) -> String {
            var rules = ".bg{fill:\(theme.background.hex)} .text{fill:\(theme.text.hex)} .grid{stroke:\(theme.grid.hex)} .axis{stroke:\(theme.axis.hex)}"
            for (index, colour) in theme.series.enumerated() {
                rules += " .s\(index){stroke:\(colour.hex)} .m\(index){fill:\(colour.hex)} .t\(index){fill:\(colour.hex)}"
            }
            return rules
        }
        var style = css(theme ?? .light)
        if theme == nil { style += "\n@media (prefers-color-scheme: dark) { \(css(.dark)) }" }

        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(scene.width)" height="\(scene.height)" viewBox="0 0 \(scene.width) \(scene.height)" font-family="sans-serif">
            <title>\(Self.escaped(title))</title>
            <style>
            \(style)
            </style>
            <rect class="bg" width="\(scene.width)" height="\(scene.height)"/>

            """
        func number(_ value: Double) -> String {
            let tenths = (value * 10).rounded()
            let whole = Int(tenths) / 10, fraction = abs(Int(tenths)) % 10
            return fraction == 0 ? "\(whole)" : (tenths < 0 && whole == 0 ? "-0.\(fraction)" : "\(whole).\(fraction)")
        }
        func strokeClass(_ role: PlotScene.Role) -> String {
            switch role {
            case .grid: "grid"
            case .axis: "axis"
            case .text: "axis"
            case .series(let i): "s\(i)"
            }
        }
        for item in scene.items {
            switch item {
            case let .line(x1, y1, x2, y2, role):
                out += "<line class=\"\(strokeClass(role))\" x1=\"\(number(x1))\" y1=\"\(number(y1))\" x2=\"\(number(x2))\" y2=\"\(number(y2))\" stroke-width=\"1\"/>\n"
            case let .polyline(points, role):
                let list = points.map { "\(number($0.x)),\(number($0.y))" }.joined(separator: " ")
                out += "<polyline class=\"\(strokeClass(role))\" fill=\"none\" stroke-width=\"2\" stroke-linejoin=\"round\" points=\"\(list)\"/>\n"
            case let .marker(x, y, role):
                if case .series(let i) = role { out += "<circle class=\"m\(i)\" cx=\"\(number(x))\" cy=\"\(number(y))\" r=\"2.5\"/>\n" }
            case let .text(text, x, y, anchor, role, size, rotated):
                let anchorName = switch anchor { case .start: "start"; case .middle: "middle"; case .end: "end" }
                let cls = if case .series(let i) = role { "t\(i)" } else { "text" }
                let rotation = rotated ? " transform=\"rotate(-90 \(number(x)) \(number(y)))\"" : ""
                out += "<text class=\"\(cls)\" x=\"\(number(x))\" y=\"\(number(y))\" font-size=\"\(size)\" text-anchor=\"\(anchorName)\"\(rotation)>\(Self.escaped(text))</text>\n"
            }
        }
        out += "</svg>\n"
        return out
    }

    /// Text for XML: &, <, >, quotes escaped; control characters dropped.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: if scalar.value >= 0x20 && scalar.value != 0x7F { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
