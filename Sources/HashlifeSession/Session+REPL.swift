import HashlifeEngine

extension Session {
    /// Advances `count` generations like `step(_:control:)`, one power of two at a time (the
    /// binary decomposition of `count`, low bits first), calling `progress` with the generation
    /// reached after each, so a display can show how far a long step has come.
    /// - Throws: `SessionError` "cancelled" when `control` stops it, naming the generation the
    ///   universe is at (consistent: the last whole power-of-two step).
    public func step(_ count: BigUInt, control: StepControl?, progress: (BigUInt) -> Void) throws(SessionError) {
        try step(.zero, control: control)  // keeps the current generation in the timeline
        let width = count.bitWidth
        var bit = 0
        while bit < width {
            if count.bit(bit) {
                do { try universe.step(byPowerOfTwo: bit, control: control) } catch {
                    throw SessionError(code: "cancelled", message: "interrupted at generation \(error.generation)")
                }
                progress(universe.generation)
            }
            bit += 1
        }
    }

    /// Goes to `generation` like `goto(_:control:)`, reporting progress when it steps forward.
    public func goto(_ generation: BigUInt, control: StepControl?, progress: (BigUInt) -> Void) throws(SessionError) {
        if generation >= universe.generation {
            try step(generation - universe.generation, control: control, progress: progress)
        } else {
            try goto(generation, control: control)
        }
    }

    /// The current view's centre and size in blocks, at `zoom` (what `setZoom` would make),
    /// without changing the current view.
    public func viewport(zoom: BigUInt) -> Viewport {
        precondition(!zoom.isZero)
        let (columns, rows) = (viewport.columns, viewport.rows)
        let centreX = viewport.x + BigInt(viewport.width >> 1), centreY = viewport.y + BigInt(viewport.height >> 1)
        let width = BigUInt(columns) * zoom, height = BigUInt(rows) * zoom
        return Viewport(x: centreX - BigInt(width >> 1), y: centreY - BigInt(height >> 1), width: width, height: height, zoom: zoom)
    }
}
