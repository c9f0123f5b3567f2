// Playing: frames on a timer, steps on the worker, and what follows each step (statistics,
// auto-stop, auto-zoom, autosave).

import HashlifeAnalysis
import HashlifeEngine
import HashlifeSession

extension App {
    /// Generations per frame: 1, or 2^k in hyper mode.
    public var stepSize: BigUInt { settings.speed == .hyper ? BigUInt.powerOfTwo(settings.hyperExponent) : .one }

    /// Time passes (`now` in milliseconds): while playing, the next frame's step when it is due.
    public func tick(now: Int64) -> [AppEffect] {
        self.now = now
        guard playing, !busy, now >= nextFrame else { return [] }
        nextFrame = now + Int64(1000 / settings.speed.framesPerSecond)
        return startStep(stepSize)
    }

    func startStep(_ count: BigUInt) -> [AppEffect] {
        freezeHeader()
        busy = true
        busySince = now
        progressGeneration = nil
        return [.step(count)]
    }

    public func play() {
        guard !playing else { return }
        playing = true
        if playStart == nil { playStart = session.universe.generation }
        status = nil
        nextFrame = now
        watcher.reset()
    }

    public func pause() {
        guard playing else { return }
        playing = false
        wantsSave = true
    }

    /// One generation (pausing play), or nothing while a step runs.
    func stepOnce() -> [AppEffect] {
        pause()
        guard !busy else { return [] }
        if playStart == nil { playStart = session.universe.generation }
        return startStep(.one)
    }

    /// Back to the generation where play (or stepping) started, as one undoable history entry.
    func reset() -> [AppEffect] {
        pause()
        guard !busy, let start = playStart, start != session.universe.generation else {
            status = "nothing to reset: press space to play first"
            return []
        }
        freezeHeader()
        busy = true
        busySince = now
        return [.goto(start)]
    }

    /// The worker finished the step or goto the app asked for (`error` when it stopped early:
    /// cancelled, or out of memory). Runs on the app's thread.
    public func stepFinished(_ error: SessionError?) {
        busy = false
        frozenHeader = nil
        progressGeneration = nil
        let universe = session.universe
        if let error {
            playing = false
            status = error.code == "cancelled" ? "stopped at generation \(Excerpt.number(universe.generation))" : error.message
        }
        statistics.observe(universe.population, generation: universe.generation)
        changed()
        if playing {
            autoStop()
            autoZoom()
        }
    }

    /// Remembers what the header shows of the universe, for frames drawn while the worker owns it.
    func freezeHeader() {
        let universe = session.universe
        frozenHeader = (universe.generation, universe.population, universe.rule)
    }

    /// Seed 000's auto-stop: extinct, still or oscillating patterns stop playing, saying how.
    /// A lone spaceship keeps flying, and growth never stops play.
    func autoStop() {
        guard settings.autoStop else { return }
        let verdict = session.analyse { watcher.observe($0) }
        let message: String? = switch verdict {
        case .extinct(let g)?: "died out at generation \(Excerpt.number(g))"
        case .still(let g)?: "still life at generation \(Excerpt.number(g))"
        case .oscillator(let g, let p)?: "period-\(p) oscillator from generation \(Excerpt.number(g))"
        default: nil
        }
        if let message {
            pause()
            status = message
        }
    }

    /// Seed 000's auto-zoom: keep the live cells inside the 20 % buffer, moving only when they
    /// leave it (`out`), or also zooming back in when they would fit nearer (`fit`).
    func autoZoom() {
        guard settings.autoZoom != .off, !autoZoomSuspended, gridBounds == nil, let box = session.universe.boundingBox else { return }
        if canvas.showsWithBuffer(box) {
            if settings.autoZoom == .fit {
                let nearer = canvas.fitting(box)
                if nearer.scale.isNearer(than: canvas.scale) { canvas = nearer }
            }
            return
        }
        var moved = canvas.fitting(box)
        if settings.autoZoom == .out && moved.scale.isNearer(than: canvas.scale) {
            moved = canvas
            moved.centre(on: box.x + BigInt(box.width >> 1), box.y + BigInt(box.height >> 1))
        }
        canvas = moved
    }

    // MARK: Autosave

    /// Is a save of the board due at `now`? After an edit once things are quiet for a second
    /// and a half, on pause at once, and every five seconds while playing.
    public func autosaveDue(now: Int64) -> Bool {
        guard unsaved, !busy, store != nil else { return false }
        return wantsSave || now - lastChange >= 1500 || (playing && now - lastSave >= 5000)
    }

    /// Saves the board and the view now (quitting, or when `autosaveDue`).
    public func autosave(now: Int64) {
        guard !busy, let store else { return }
        do { try store.save(self) } catch { status = "not saved: \(error)" }
        unsaved = false
        wantsSave = false
        lastSave = now
    }
}
