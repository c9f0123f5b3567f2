// `HashlifeBenchmarks pictures`: animated GIFs as `hashlife animate` makes them (the goal:
// 200 frames of 400×400 in under 2 s), each frame stepped, read from the viewport,
// drawn and LZW-encoded into a GIF held in memory.
//   - a 400×400 soup at zoom 1, one generation per frame: nearly every pixel changes;
//   - the Gosper gun in a 400×400 window, two generations per frame: small changed rectangles.
// Median of 3; the GIF's size is printed so the work stays observable.

import HashlifeEngine
import HashlifeRendering
import HashlifeTestSupport

func runPictures() {
    func animate(_ universe: Universe, viewport: Viewport, frames: Int, step: Int) -> Int {
        var size = 0
        let options = RenderOptions()
        let writer = GIFWriter(width: viewport.columns, height: viewport.rows, palette: GIFRenderer.palette(options), loopCount: 0) { size += $0.count }
        for frame in 0..<frames {
            if frame > 0 { universe.step(by: BigUInt(step)) }
            var rows = universe.blockRows(of: viewport)
            writer.addFrame(GIFRenderer.frame(&rows, options: options)!, delay: 10)
        }
        writer.finish()
        return size
    }
    let subjects: [(String, () -> Universe, Viewport, Int)] = [
        ("soup 400x400, 200 frames x 1 gen", {
            Universe(rule: .life, referenceCells: randomSoup(width: 400, height: 400, density: 0.375, seed: 16))
        }, Viewport(x: 0, y: 0, columns: 400, rows: 400), 1),
        ("gosper gun 400x400, 200 frames x 2 gens", { Fixtures.universe("gosper-glider-gun.rle") },
         Viewport(x: -10, y: -10, columns: 400, rows: 400), 2),
    ]
    for (name, make, viewport, step) in subjects {
        var times: [Double] = []
        var bytes = 0
        for _ in 0..<3 {
            let universe = make()
            let clock = ContinuousClock()
            let start = clock.now
            bytes = animate(universe, viewport: viewport, frames: 200, step: step)
            times.append((clock.now - start) / .milliseconds(1))
        }
        times.sort()
        print("animate \(name): median \(format2(times[1])) ms, \(bytes) bytes (target: under 2000 ms)")
    }
}
