import Foundation
import Testing
@testable import HashlifeTerminal

@Suite struct ProgressBarTests {
    @Test func lineShowsGenerationNodesMemoryAndTime() {
        let line = ProgressBar.line(label: "step 2^1000", reading: .init(reached: "1023", target: String(repeating: "9", count: 302), nodes: 1_234_567),
                                    nodesPerSecond: 25_000, residentBytes: 3 * 1_048_576 / 2, seconds: 75.3, columns: 200)
        #expect(line == "step 2^1000 · gen 1023 / 9.99e301 · 1.2M nodes (+25.0k/s) · 1.5 MiB · 1m15s · Ctrl-C stops")
        let narrow = ProgressBar.line(label: "goto 5", reading: .init(), nodesPerSecond: nil, residentBytes: nil, seconds: 2, columns: 11)
        #expect(narrow == "goto 5 · 2")
        #expect(ProgressBar.abbreviated("123456789012") == "123456789012")
        #expect(ProgressBar.abbreviated("1234567890123") == "1.23e12")
        #expect(ProgressBar.duration(7322) == "2h02m")
        #expect(ProgressBar.bytes(5 << 30) == "5.0 GiB")
        #expect(ProgressBar.residentBytes().map { $0 > 0 } == true)
    }

    @Test func drawsOnItsStreamAndErasesItselfWhenStopped() throws {
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        let bar = ProgressBar(label: "step 99", fd: fds[1], enabled: true, delay: 0) {
            ProgressBar.Reading(reached: "7", target: "99", nodes: 42)
        }
        bar.start()
        usleep(250_000)
        bar.stop()
        bar.stop()  // harmless
        close(fds[1])
        let text = String(decoding: FileHandle(fileDescriptor: fds[0], closeOnDealloc: true).readDataToEndOfFile(), as: UTF8.self)
        #expect(text.hasPrefix("\rstep 99 · gen 7 / 99 · 42 nodes"))
        #expect(text.hasSuffix("\r\u{1B}[K"))
        let draws = text.components(separatedBy: "step 99").count - 1
        #expect(draws >= 1 && draws <= 4, "at most one redraw per 100 ms: \(draws)")
    }

    @Test func disabledBarDrawsNothing() {
        let bar = ProgressBar(label: "x", enabled: false) { .init() }
        bar.start()
        bar.stop()
        #expect(!bar.isEnabled)
    }
}
