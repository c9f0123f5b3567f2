// Playing: frames on a timer, steps on the worker, and what follows each step (statistics,
// auto-stop, auto-zoom, autosave).

import HashlifeAnalysis
import HashlifeEngine
import HashlifeInterface
import HashlifeEditing

extension App {
    /// Generations per frame: 1, or 2^k in hyper mode.
    public var stepSize: BigUInt { settings.speed == .hyper ? BigUInt.powerOfTwo(settings.hyperExponent) : .one }

    /// Time passes (`now` in milliseconds): the step that `.` presses made during the last
    /// one, else, while playing, the next frame's step when it is due.
    public func tick(now: Int64) -> [AppEffect] {
        self.now = now
        guard !busy else { return [] }
        if pendingSteps > 0 {
            let count = BigUInt(pendingSteps)
            pendingSteps = 0
            return startStep(count)
        }
        guard playing, now >= nextFrame else { return [] }
        nextFrame = now + Int64(1000 / settings.speed.framesPerSecond)
        return startStep(stepSize, group: runGroup)
    }

    /// Hands the worker a step of `count` generations, in `group` when it is a frame of a play
    /// run (the run's frames make one history entry).
    func startStep(_ count: BigUInt, group: HistoryGroup? = nil) -> [AppEffect] {
        freezeHeader()
        busy = true
        busySince = now
        progressGeneration = nil
        runningGroup = group
        return [.step(count)]
    }

    public func play() {
        guard !playing, !busy else { return }
        playing = true
        runGroup = session.beginGroup()
        status = nil
        nextFrame = now
        watcher.reset()
    }

    public func pause() {
        guard playing else { return }
        playing = false
        runGroup = nil
        wantsSave = true
    }

    /// One generation (pausing play). Presses while a step runs are counted, and one step of
    /// that many generations follows it.
    func stepOnce() -> [AppEffect] {
        pause()
        guard !busy else {
            pendingSteps += 1
            return []
        }
        return startStep(.one)
    }

    /// Back to where the current state's run started (`Session.resetPoint`: the last load,
    /// edit, rule change or restored snapshot it was stepped from), as one undoable history
    /// entry; with auto-zoom on, the view fits the pattern again. The message names the state.
    func reset() -> [AppEffect] {
        pause()
        pendingSteps = 0
        guard !busy else { return [] }
        let point = session.resetPoint
        let described = "generation \(Excerpt.number(point.generation)) under \(ruleLabel(point.rule)) (\(point.origin))"
        guard session.reset() else {
            status = "already at \(described), where the run started"
            return []
        }
        afterHistoryMove()
        if settings.autoZoom != .off { fit() }
        status = "reset to \(described); u undoes"
        return []
    }

    /// The worker finished the step or goto the app asked for (`error` when it stopped early:
    /// cancelled, or out of memory). Runs on the app's thread.
    public func stepFinished(_ error: SessionError?) {
        busy = false
        frozenHeader = nil
        progressGeneration = nil
        runningGroup = nil
        let universe = session.universe
        if let error {
            playing = false
            runGroup = nil
            pendingSteps = 0
            status = error.kind == .cancelled ? "stopped at generation \(Excerpt.number(universe.generation))" : error.message
        }
        observePopulation()
        changed()
        if playing { autoStop() }
        autoZoom()
    }

    /// Adds the current population to the run's statistics and to the samples to save.
    func observePopulation() {
        let universe = session.universe
        let (generation, population) = (universe.generation, universe.population)
        statistics.observe(population, generation: generation)
        keepStatistics()
        if let last = unsavedSamples.last ?? lastSavedSample, last.generation == generation, last.population == population { return }
        unsavedSamples.append((generation, population))
    }

    /// Remembers the statistics as the current state's, and forgets those of states no longer
    /// kept once there are a few of them.
    func keepStatistics() {
        statisticsByState[session.currentStateNumber] = statistics
        let undo = session.undoHistory, redo = session.redoHistory, snapshots = session.snapshots
        guard statisticsByState.count > undo.count + redo.count + snapshots.count + 32 else { return }
        let kept = Set(undo.map(\.stateNumber) + redo.map(\.stateNumber) + snapshots.map(\.stateNumber) + [session.currentStateNumber])
        statisticsByState = statisticsByState.filter { kept.contains($0.key) }
    }

    /// The statistics of the state the universe has returned to (undo, redo, reset, a restored
    /// snapshot): those it had, else a new run's.
    func returnToStatistics() {
        guard let kept = statisticsByState[session.currentStateNumber] else { return restartStatistics() }
        statistics = kept
        // The board's history starts a run here (see `restoreStatistics`).
        let universe = session.universe
        unsavedSamples.append((universe.generation, universe.population))
    }

    /// The samples observed so far are in the board's history now.
    func samplesSaved() {
        if let last = unsavedSamples.last { lastSavedSample = last }
        unsavedSamples = []
    }

    /// Starts the statistics afresh at the current state (after an edit, a reset, an undo or a
    /// newly opened pattern).
    func restartStatistics() {
        statistics = PopulationStatistics()
        let universe = session.universe
        statistics.observe(universe.population, generation: universe.generation)
        keepStatistics()
        // Saved even when it repeats the last sample: a run read back from the board's
        // history starts at the last sample whose generation is not above the one before.
        unsavedSamples.append((universe.generation, universe.population))
    }

    /// Rebuilds the statistics from a board's population history: the run at its end (the
    /// samples after the last one whose generation did not grow, which marks an edit or a
    /// reset). The samples are already saved.
    public func restoreStatistics(from samples: [(generation: BigUInt, population: BigUInt)]) {
        var start = samples.count - 1
        while start > 0 && samples[start - 1].generation < samples[start].generation { start -= 1 }
        statistics = PopulationStatistics()
        for sample in samples[max(start, 0)...] { statistics.observe(sample.population, generation: sample.generation) }
        let universe = session.universe
        if samples.last.map({ $0.generation != universe.generation || $0.population != universe.population }) ?? true {
            restartStatistics()
        }
        keepStatistics()
        lastSavedSample = samples.last
    }

    /// Remembers what the header shows of the universe, for frames drawn while the worker owns it.
    func freezeHeader() {
        let universe = session.universe
        frozenHeader = (universe.generation, universe.population, session.rule)
    }

    /// Auto-stop: extinct, still or oscillating patterns stop playing, saying how.
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

    /// Auto-zoom: keep the live cells inside the 20 % buffer, moving only when they
    /// leave it (`out`), or also zooming back in when they would fit nearer (`fit`). Runs at
    /// every change of generation: a step or a frame, `goto` and `step` commands, reset, undo
    /// and redo.
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

    /// How long the run loop may sleep at `now` before something is due (milliseconds; -1:
    /// nothing is, so it sleeps until input comes): a progress redraw while a step runs, the
    /// next frame while playing, the autosave after an edit.
    public func wakeDelay(now: Int64) -> Int32 {
        if busy { return 100 }
        if pendingSteps > 0 { return 0 }
        var delay: Int64? = playing ? max(nextFrame - now, 1) : nil
        if unsaved, store != nil {
            let save = max(wantsSave ? 0 : lastChange + 1500 - now, 1)
            delay = min(delay ?? save, save)
        }
        guard let delay else { return -1 }
        return Int32(clamping: min(delay, 5000))
    }

    /// Leaving: pauses, and saves the board if it changed, and the view in any case.
    public func finish(now: Int64) {
        pause()
        if unsaved { autosave(now: now) } else { store?.writeSessionFile(self) }
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
