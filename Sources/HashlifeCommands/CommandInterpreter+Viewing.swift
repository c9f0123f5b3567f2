// Viewing commands (view, pan, zoom, fit, size) and the number syntax shared by commands.

import HashlifeEngine
import HashlifeRendering
import HashlifeEditing
import HashlifeInterface

// MARK: - Viewing

extension CommandInterpreter {
    func view(_ a: [String]) throws(CommandError) -> Answer {
        var rest = a[...]
        var rectangle: (x: BigInt, y: BigInt, width: BigUInt, height: BigUInt)? = nil
        if let first = rest.first, !["zoom", "format"].contains(first.lowercased()) {
            guard rest.count >= 4 else { throw .usage(command("view")) }
            let words = Array(rest.prefix(4))
            rectangle = (try parseCoordinate(words[0], name: "X"), try parseCoordinate(words[1], name: "Y"),
                         try parsePositive(words[2], name: "W"), try parsePositive(words[3], name: "H"))
            rest = rest.dropFirst(4)
        }
        var zoom: BigUInt? = nil
        var chosenStyle: TextStyle? = nil
        while let keyword = rest.popFirst() {
            guard let value = rest.popFirst() else { throw .usage(command("view")) }
            switch keyword.lowercased() {
            case "zoom" where zoom == nil:
                zoom = try parseZoom(value)
            case "format" where chosenStyle == nil:
                guard let chosen = TextStyle(rawValue: value.lowercased()) else {
                    throw .argument("unknown format \(Excerpt.quote(value)); expected text, unicode or braille")
                }
                chosenStyle = chosen
            default:
                throw .usage(command("view"))
            }
        }
        let style = chosenStyle ?? .text
        let viewport: Viewport
        if let rectangle {
            let z = zoom ?? session.viewport.zoom
            viewport = Viewport(x: rectangle.x, y: rectangle.y, width: rectangle.width, height: rectangle.height, zoom: z)
        } else if let zoom {
            viewport = session.viewport(zoom: zoom)
        } else {
            viewport = session.viewport
        }
        try checkViewSize(viewport)
        var lines: [String] = []
        if style == .text && session.universe.stateCount > 2 {
            // Text names each state; the other styles draw the cells not in state 0.
            lines = stateLines(of: session.universe, in: viewport)
        } else {
            var rows = BlockCounts(session.universe.blocks(of: viewport))
            TextRenderer.render(&rows, style: style) { line in
                lines.append(line.hasSuffix("\n") ? String(line.dropLast()) : line)
            }
        }
        return Answer(lines: lines, fields: [
            .init("x", .string(viewport.x.description)), .init("y", .string(viewport.y.description)),
            .init("width", .string(viewport.width.description)), .init("height", .string(viewport.height.description)),
            .init("zoom", .string(viewport.zoom.description)), .init("columns", .int(viewport.columns)),
            .init("format", .string(style.rawValue)),
            .init("rows", .array(lines.map { .string($0) })),
        ])
    }

    /// The output rule (`OutputLimit`: at most 2^24 blocks), as an argument error.
    func checkViewSize(_ viewport: Viewport) throws(CommandError) {
        do { try OutputLimit.check(viewport) } catch {
            throw .argument("\(error.description); zoom out or use a smaller rectangle")
        }
    }

    func pan(_ a: [String]) throws(CommandError) -> Answer {
        guard a.count == 2 else { throw .usage(command("pan")) }
        let dx = try parseCoordinate(a[0], name: "DX"), dy = try parseCoordinate(a[1], name: "DY")
        session.pan(dx: dx, dy: dy)
        return viewportAnswer()
    }

    func zoom(_ a: [String]) throws(CommandError) -> Answer {
        guard a.count == 1 else { throw .usage(command("zoom")) }
        switch a[0].lowercased() {
        case "in": session.zoomIn()
        case "out":
            guard (session.viewport.zoom << 1).bitWidth <= Self.zoomBitLimit else {
                throw .argument("the zoom must be below 2^\(Self.zoomBitLimit)")
            }
            session.zoomOut()
        default: session.setZoom(try parseZoom(a[0]))
        }
        return viewportAnswer()
    }

    func fit(_ a: [String]) throws(CommandError) -> Answer {
        guard a.isEmpty else { throw .usage(command("fit")) }
        session.fit()
        return viewportAnswer()
    }

    func size(_ a: [String]) throws(CommandError) -> Answer {
        guard a.count == 2 else { throw .usage(command("size")) }
        func side(_ text: String, _ name: String) throws(CommandError) -> Int {
            guard text.utf8.count <= 12, let n = Int(text), n >= 1, n <= OutputLimit.maximumBlocks else {
                throw .argument("invalid \(name) \(Excerpt.quote(text)); expected a whole number from 1 to \(OutputLimit.maximumBlocks) (2^24 blocks in all)")
            }
            return n
        }
        let columns = try side(a[0], "COLS"), rows = try side(a[1], "ROWS")
        do { try OutputLimit.check(columns: BigUInt(columns), rows: BigUInt(rows)) } catch {
            throw .argument("\(error.description); choose a smaller size")
        }
        session.resize(columns: columns, rows: rows)
        return viewportAnswer()
    }

    func viewportAnswer() -> Answer {
        Answer("viewport " + viewportText(session.viewport), [.init("viewport", viewportJSON(session.viewport))])
    }

    func viewportText(_ v: Viewport) -> String {
        "x=\(v.x) y=\(v.y) width=\(v.width) height=\(v.height) zoom=\(v.zoom) (\(v.columns)x\(v.rows) blocks)"
    }

    func viewportJSON(_ v: Viewport) -> JSONValue {
        .object([.init("x", .string(v.x.description)), .init("y", .string(v.y.description)),
                 .init("width", .string(v.width.description)), .init("height", .string(v.height.description)),
                 .init("zoom", .string(v.zoom.description)), .init("columns", .int(v.columns)), .init("rows", .int(v.rows))])
    }

    func parseZoom(_ text: String) throws(CommandError) -> BigUInt {
        let zoom: BigUInt
        do { zoom = try InputNumber.count(text, belowBits: Self.zoomBitLimit) } catch { throw .argument("invalid zoom: \(error.description)") }
        guard !zoom.isZero else { throw .argument("invalid zoom: the zoom must be at least 1") }
        return zoom
    }

    /// A positive size, below 2^65000 (`InputNumber.coordinateBitLimit`).
    func parsePositive(_ text: String, name: String) throws(CommandError) -> BigUInt {
        let value: BigUInt
        do { value = try InputNumber.count(text, belowBits: InputNumber.coordinateBitLimit) } catch {
            throw .argument("invalid \(name): \(error.description)")
        }
        guard !value.isZero else { throw .argument("invalid \(name): it must be at least 1") }
        return value
    }

    /// A signed coordinate: an optional sign, then digits or B^E, below 2^65000 in magnitude
    /// (`InputNumber.coordinateBitLimit`), refused by its length before any arithmetic.
    func parseCoordinate(_ text: String, name: String) throws(CommandError) -> BigInt {
        do { return try InputNumber.integer(text, belowBits: InputNumber.coordinateBitLimit) } catch {
            throw .argument("invalid \(name): \(error.description)")
        }
    }
}
