// `HashlifeBenchmarks app`, continued: what an autosave of `hashlife play` costs with the history
// saved beside the board (AppStore+Session.swift), on the Gosper gun. Medians of 21, in a
// temporary board store (synchronous=FULL, so each save includes its fsyncs).

#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import HashlifeApp
import HashlifeBoards
import HashlifeEngine
import HashlifeEditing
import HashlifeTestSupport

func runAppAutosave() {
    var template = Array("/tmp/hashlife-bench-XXXXXX".utf8CString)
    let folder = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    defer { _ = system("rm -rf '\(folder)'") }
    let environment = ["HOME": folder, "XDG_DATA_HOME": folder + "/data", "XDG_STATE_HOME": folder + "/state", "XDG_CONFIG_HOME": folder + "/config"]
    let app = try! AppLaunch(file: Fixtures.pattern("gosper-glider-gun.rle"), columns: 200, rows: 60, environment: environment).makeApp()
    let clock = ContinuousClock()
    /// The median of 21 runs of `body` after `prepare` (not timed) each.
    func median(prepare: () -> Void = {}, _ body: () -> Void) -> Double {
        var times: [Double] = []
        for _ in 0..<21 {
            prepare()
            let start = clock.now
            body()
            times.append((clock.now - start) / .milliseconds(1))
        }
        return times.sorted()[10]
    }
    // No history yet: the board and the last-session file alone.
    let bare = median { app.autosave(now: 0) }
    // 50 steps, then the first save: 50 new states (what a save while playing writes).
    for _ in 0..<50 { try! app.session.step(.one) }
    let start = clock.now
    app.autosave(now: 0)
    let fifty = (clock.now - start) / .milliseconds(1)
    // One more step a save: one new state, the 50 entries rewritten.
    let one = median(prepare: { try! app.session.step(.one) }) { app.autosave(now: 0) }
    // Nothing new: the entries only.
    let none = median { app.autosave(now: 0) }
    print("app autosave, gun with 50 undo entries: no history \(format2(bare)) ms; with the history: 50 new states \(format2(fifty)) ms, 1 new state \(format2(one)) ms, none new \(format2(none)) ms")
    // Bigger states: the gun around generation 2^40 (a tree of some thousand nodes each), 50
    // hyper steps of 2^20 as playing in hyper speed makes them.
    try! app.session.step(BigUInt.powerOfTwo(40))
    app.autosave(now: 0)
    for _ in 0..<50 { try! app.session.step(BigUInt.powerOfTwo(20)) }
    // While playing, a save encodes new states for 25 ms at most (the newest first).
    app.play()
    var deepStart = clock.now
    app.autosave(now: 0)
    let playing = (clock.now - deepStart) / .milliseconds(1)
    app.pause()
    for _ in 0..<50 { try! app.session.step(BigUInt.powerOfTwo(20)) }
    deepStart = clock.now
    app.autosave(now: 0)
    let deep = (clock.now - deepStart) / .milliseconds(1)
    let deepNone = median { app.autosave(now: 0) }
    print("app autosave, gun at 2^40 with 50 hyper-step entries: 50 new states \(format2(deep)) ms (while playing \(format2(playing)) ms), none new \(format2(deepNone)) ms")
}
