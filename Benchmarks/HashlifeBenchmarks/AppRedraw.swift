// `HashlifeBenchmarks app`: one frame of `hashlife play` (the goal: a redraw of a 200×60
// canvas onto the Gosper gun at generation 2^45 under 5 ms). Each row renders the whole
// app screen (header, toolbar hidden, canvas, control bar) and encodes it as escape sequences:
// in full (what a resize costs) and as the difference from the previous frame. Median of 21.

import HashlifeApp
import HashlifeEngine
import HashlifeEditing
import HashlifeTerminal
import HashlifeTestSupport

func runAppRedraw() {
    let session = Session(columns: 200, rows: 60)
    try! session.load(document: Fixtures.document("gosper-glider-gun.rle"))
    try! session.step(BigUInt.powerOfTwo(45))
    // 200×60 of canvas: 2 header rows and the control bar around it, no toolbar.
    let app = App(session: session, columns: 200, rows: 63, library: nil)
    app.send(.key(.character("e")))
    let box = session.universe.boundingBox!
    let midX = box.x + BigInt(box.width >> 1), midY = box.y + BigInt(box.height >> 1)
    let views: [(String, CanvasScale)] = [
        ("fit", app.canvas.scale), ("1× on the stream", .magnified(1)), ("braille 1:2 on the stream", .braille(.one)),
        ("braille 1:2^31", .braille(BigUInt.powerOfTwo(30))),
    ]
    print("population of the gun at 2^45: \(session.universe.population)")
    for (name, scale) in views {
        if name != "fit" { app.restoreView(centreX: midX, centreY: midY, scale: scale, editMode: false, autoZoomSuspended: true) }
        var full: [Double] = [], diff: [Double] = []
        var bytes = 0
        var previous = app.render()
        for _ in 0..<21 {
            let clock = ContinuousClock()
            var start = clock.now
            let frame = app.render()
            bytes &+= frame.output(from: nil, mode: .trueColour).utf8.count
            full.append((clock.now - start) / .milliseconds(1))
            start = clock.now
            let again = app.render()
            bytes &+= again.output(from: previous, mode: .trueColour).utf8.count
            diff.append((clock.now - start) / .milliseconds(1))
            previous = again
        }
        full.sort(); diff.sort()
        print("app redraw 200x60 \(name) (\(app.canvas.scale)): full \(format2(full[10])) ms, unchanged frame \(format2(diff[10])) ms (checksum \(bytes))")
    }
    runAppAutosave()
}

extension App {
    @discardableResult
    func send(_ event: InputEvent) -> [AppEffect] { handle(event) }
}
