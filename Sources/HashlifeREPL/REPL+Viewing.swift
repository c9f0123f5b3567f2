// Viewing commands (view, pan, zoom, fit, size) and the number syntax shared by commands.

import HashlifeEngine
import HashlifeRendering
import HashlifeSession

// MARK: - Viewing

extension REPL {
    func view(_ a: [String]) throws(REPLError) -> Answer {
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
                    throw .argument("unknown format '\(value)'; expected text, unicode or braille")
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
            try checkViewSize(columns: Self.blocks(rectangle.width, z), rows: Self.blocks(rectangle.height, z))
            viewport = Viewport(x: rectangle.x, y: rectangle.y, width: rectangle.width, height: rectangle.height, zoom: z)
        } else if let zoom {
            viewport = session.viewport(zoom: zoom)
        } else {
            viewport = session.viewport
        }
        var rows = session.universe.blockRows(of: viewport)
        var lines: [String] = []
        TextRenderer.render(&rows, style: style) { line in
            lines.append(line.hasSuffix("\n") ? String(line.dropLast()) : line)
        }
        return Answer(lines: lines, fields: [
            .init("x", .string(viewport.x.description)), .init("y", .string(viewport.y.description)),
            .init("width", .string(viewport.width.description)), .init("height", .string(viewport.height.description)),
            .init("zoom", .string(viewport.zoom.description)), .init("columns", .int(viewport.columns)),
            .init("format", .string(style.rawValue)),
            .init("rows", .array(lines.map { .string($0) })),
        ])
    }

    /// ceil(length / zoom).
    static func blocks(_ length: BigUInt, _ zoom: BigUInt) -> BigUInt {
        let (q, r) = length.quotientAndRemainder(dividingBy: zoom)
        return r.isZero ? q : q + BigUInt.one
    }

    func checkViewSize(columns: BigUInt, rows: BigUInt) throws(REPLError) {
        let side = BigUInt(Self.maximumViewSide)
        guard columns <= side, rows <= side, columns * rows <= BigUInt(Self.maximumViewBlocks) else {
            throw .argument("a view of \(columns)x\(rows) blocks is too large (at most \(Self.maximumViewSide) a side and \(Self.maximumViewBlocks) in all); zoom out or use a smaller rectangle")
        }
    }

    func pan(_ a: [String]) throws(REPLError) -> Answer {
        guard a.count == 2 else { throw .usage(command("pan")) }
        let dx = try parseCoordinate(a[0], name: "DX"), dy = try parseCoordinate(a[1], name: "DY")
        session.pan(dx: dx, dy: dy)
        return viewportAnswer()
    }

    func zoom(_ a: [String]) throws(REPLError) -> Answer {
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

    func fit(_ a: [String]) throws(REPLError) -> Answer {
        guard a.isEmpty else { throw .usage(command("fit")) }
        session.fit()
        return viewportAnswer()
    }

    func size(_ a: [String]) throws(REPLError) -> Answer {
        guard a.count == 2 else { throw .usage(command("size")) }
        func side(_ text: String, _ name: String) throws(REPLError) -> Int {
            guard let n = Int(text), n >= 1, n <= Self.maximumViewSide else {
                throw .argument("invalid \(name) '\(text)'; expected a whole number from 1 to \(Self.maximumViewSide)")
            }
            return n
        }
        let columns = try side(a[0], "COLS"), rows = try side(a[1], "ROWS")
        try checkViewSize(columns: BigUInt(columns), rows: BigUInt(rows))
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

    func parseZoom(_ text: String) throws(REPLError) -> BigUInt {
        let zoom: BigUInt
        do { zoom = try BigUInt.parseCount(text) } catch { throw .argument("invalid zoom: \(error.description)") }
        guard !zoom.isZero, zoom.bitWidth <= Self.zoomBitLimit else {
            throw .argument("invalid zoom: \(text); the zoom must be at least 1 and below 2^\(Self.zoomBitLimit)")
        }
        return zoom
    }

    func parsePositive(_ text: String, name: String) throws(REPLError) -> BigUInt {
        let value: BigUInt
        do { value = try BigUInt.parseCount(text) } catch { throw .argument("invalid \(name): \(error.description)") }
        guard !value.isZero else { throw .argument("invalid \(name): it must be at least 1") }
        return value
    }

    /// A signed big integer: an optional sign, then digits or B^E.
    func parseCoordinate(_ text: String, name: String) throws(REPLError) -> BigInt {
        var magnitudeText = Substring(text)
        var negative = false
        if let sign = magnitudeText.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            magnitudeText = magnitudeText.dropFirst()
        }
        do {
            return BigInt(sign: negative, magnitude: try BigUInt.parseCount(String(magnitudeText)))
        } catch {
            // Report against the whole word, signs included.
            let shift = text.count - magnitudeText.count
            let reason: NumberSyntaxError.Reason
            switch error.reason {
            case .unexpectedCharacter(let c, let offset): reason = .unexpectedCharacter(c, offset: offset + shift)
            case .negative: reason = .unexpectedCharacter("-", offset: shift)
            case .empty where text.isEmpty || magnitudeText.isEmpty: reason = .empty
            default: reason = error.reason
            }
            throw .argument("invalid \(name): \(NumberSyntaxError(text: text, reason: reason).description)")
        }
    }
}
