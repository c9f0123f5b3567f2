import Foundation
import Testing
@testable import HashlifeCLI
import HashlifeEngine
import HashlifeTestSupport

@Suite struct AnimateCommandTests {
    let gun = Fixtures.pattern("gosper-glider-gun.rle")
    let acorn = Fixtures.pattern("acorn.rle")

    /// Runs `animate` and decodes the GIF it wrote.
    private func animate(_ arguments: [String]) throws -> DecodedGIF {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("out.gif").path
        let result = hashlifeRun(["animate"] + arguments + ["--out", path])
        #expect(result.status == 0, "\(result.err)")
        return try GIFDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
    }

    @Test func everyFrameIsWhatViewDrawsWithFitEach() throws {
        let decoded = try animate([acorn, "--to", "60", "--step", "7", "--fit-each", "--size", "40x30"])
        // 0, 7, …, 56, then 60.
        let generations = Array(stride(from: 0, through: 56, by: 7)) + [60]
        #expect(decoded.frames.count == generations.count)
        for (index, generation) in generations.enumerated() where index < decoded.frames.count {
            let view = hashlife("view", acorn, "--gen", "\(generation)", "--fit", "--size", "40x30", "--format", "text")
            #expect(decoded.text(frame: index) == view.out, "frame \(index), generation \(generation)")
        }
    }

    /// `--hex` frames are `view --hex`'s sheared rows, each row drawn twice (blocks 2×2 in
    /// images), generation by generation; `--grid` is refused with it.
    @Test func hexFramesAreViewsShearedRows() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("hex.rle").path
        try "x = 3, y = 3, rule = B2/S34H\nobo$2o$bo!\n".write(toFile: path, atomically: true, encoding: .utf8)
        let decoded = try animate([path, "--hex", "--to", "4", "--rect", "-4,-4,11,10"])
        #expect(decoded.frames.count == 5)
        #expect((decoded.width, decoded.height) == (2 * 11 + 9, 2 * 10))
        for generation in 0...4 where generation < decoded.frames.count {
            let view = hashlife("view", path, "--hex", "--gen", "\(generation)", "--rect", "-4,-4,11,10")
            #expect(view.status == 0, "\(view.err)")
            let rows = view.out.split(separator: "\n").flatMap { [String($0), String($0)] }
            #expect(decoded.text(frame: generation) == rows.joined(separator: "\n") + "\n", "generation \(generation)")
        }
        // Fitted, the default frame stays within the square one's size.
        let fitted = try animate([path, "--hex", "--to", "8"])
        #expect(fitted.width <= 512 && fitted.height <= 512 && fitted.frames.count == 9)
        let refused = hashlife(["animate", path, "--hex", "--grid", "--scale", "4", "--to", "2", "--out", folder.appendingPathComponent("x.gif").path])
        #expect(refused.status == 64 && refused.err.contains("--grid and --hex"), "\(refused.err)")
    }

    @Test func rectAndZoomFramesMatchView() throws {
        let decoded = try animate([gun, "--from", "10", "--to", "40", "--step", "10", "--rect", "-4,-6,45,30", "--zoom", "2", "--delay", "250", "--loop", "3"])
        #expect(decoded.frames.count == 4)
        #expect(decoded.frames.allSatisfy { $0.delay == 25 })
        #expect(decoded.loopCount == 2)
        for (index, generation) in [10, 20, 30, 40].enumerated() where index < decoded.frames.count {
            let view = hashlife("view", gun, "--gen", "\(generation)", "--rect", "-4,-6,45,30", "--zoom", "2")
            #expect(decoded.text(frame: index) == view.out)
        }
    }

    @Test func fitKeepsOneWindowHoldingEveryFrame() throws {
        // A single frame: the union is that frame's bounds, so --fit is view's --fit.
        let single = try animate([gun, "--from", "300", "--to", "300", "--size", "60x40"])
        #expect(single.frames.count == 1)
        #expect(single.text(frame: 0) == hashlife("view", gun, "--gen", "300", "--fit", "--size", "60x40").out)
        // Many frames: the gun itself stays put (one window), and every glider stays inside
        // the 20% margin of the union.
        let decoded = try animate([gun, "--to", "300", "--step", "50", "--size", "60x40"])
        #expect(decoded.frames.count == 7)
        let last = hashlife("view", gun, "--gen", "300", "--fit", "--size", "60x40").out
        #expect(decoded.text(frame: 6) == last)
        for index in decoded.frames.indices {
            let lines = decoded.text(frame: index).split(separator: "\n")
            #expect(lines.count == 40 && lines.allSatisfy { $0.count == 60 })
            for line in lines { #expect(!line.prefix(12).contains("#") && !line.suffix(12).contains("#")) }
            #expect(!lines.prefix(8).joined().contains("#") && !lines.suffix(8).joined().contains("#"))
        }
        // The gun has period 30, so at generation 300 it is as at 0: in one window every block
        // lit in frame 0 is lit in frame 6 (the gun did not move), and frame 6 has more (gliders).
        let first = Array(decoded.text(frame: 0)), final = Array(decoded.text(frame: 6))
        #expect(first.contains("#"))
        #expect(zip(first, final).allSatisfy { $0.0 != "#" || $0.1 == "#" })
        #expect(final.filter { $0 == "#" }.count > first.filter { $0 == "#" }.count)
    }

    @Test func framesWithoutSizeAreCroppedToTheUnionAndItsMargin() throws {
        // A blinker's phases make a 3×3 union: 5×5 blocks of 8 pixels, not 512×512 blocks.
        let blinker = Fixtures.pattern("blinker.rle")
        let fitted = try animate([blinker, "--to", "3", "--scale", "8"])
        #expect(fitted.width == 40 && fitted.height == 40)
        // --fit-each without --size: every frame that size, each refitted.
        let each = try animate([blinker, "--to", "3", "--fit-each"])
        #expect(each.width == 5 && each.height == 5 && each.frames.count == 4)
        for generation in 0...3 where generation < each.frames.count {
            let view = hashlife("view", blinker, "--gen", "\(generation)", "--fit", "--size", "5x5").out
            #expect(each.text(frame: generation) == view, "frame \(generation)")
        }
        // The gun's gliders only move away: the union is the last frame's box, so the frames
        // are the image view draws of it without --size.
        let gun = try animate([gun, "--to", "300", "--step", "50"])
        let svg = hashlife("view", self.gun, "--gen", "300", "--format", "svg").out
        let size = try #require(svg.firstMatch(of: #/width="(\d+)" height="(\d+)"/#))
        #expect(gun.width == Int(size.1) && gun.height == Int(size.2) && gun.width < 200)
        let last = hashlife("view", self.gun, "--gen", "300", "--size", "\(gun.width)x\(gun.height)").out
        #expect(gun.frames.count == 7 && gun.text(frame: 6) == last)
    }

    @Test func logFramesArePowersOfTwo() throws {
        let decoded = try animate([gun, "--to", "2^70", "--log", "--fit-each", "--size", "48x32", "--scale", "2"])
        // 0, 2^0, …, 2^70.
        #expect(decoded.frames.count == 72)
        #expect(decoded.width == 96 && decoded.height == 64)
        for (index, generation) in [(0, "0"), (1, "1"), (40, "2^39"), (71, "2^70")] {
            let view = hashlife("view", gun, "--gen", generation, "--fit", "--size", "48x32").out
            // Each block is 2×2 pixels: take every other pixel of every other row.
            let lines = decoded.text(frame: index).split(separator: "\n").enumerated().filter { $0.offset % 2 == 0 }
                .map { String($0.element.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)) + "\n" }
            #expect(lines.joined() == view, "frame \(index) (generation \(generation))")
        }
    }

    @Test func badOptionsAreUsageErrorsAndWriteNothing() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("x.gif").path
        for (arguments, message) in [
            (["--to", "10", "--log", "--step", "2"], "exclude"),
            (["--to", "10", "--step", "0"], "at least 1"),
            (["--to", "10", "--fit", "--fit-each"], "exclude"),
            (["--to", "10", "--delay", "15"], "multiple of 10"),
            (["--to", "10", "--grid"], "--scale 3"),
            (["--to", "10", "--size", "5000x5000"], "limit"),
            (["--to", "10^6"], "frames"),
            (["--from", "20", "--to", "10"], "before"),
        ] {
            let result = hashlifeRun(["animate", gun] + arguments + ["--out", out])
            #expect(result.status == 64, "\(arguments): \(result.err)")
            #expect(result.err.contains(message), "\(arguments): \(result.err)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func interruptLeavesNoFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("long.gif").path
        let control = StepControl()
        // Cancel as soon as the temporary file exists (the work has started).
        let watcher = Thread {
            while (try? FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty) ?? true { usleep(1000) }
            usleep(20_000)
            control.cancel()
        }
        watcher.start()
        let context = CommandContext(standardOutput: { _ in }, standardError: { _ in }, errorIsTerminal: false, interrupts: control)
        let status = HashlifeCommand.run(["animate", acorn, "--to", "99999", "--size", "64x64", "--out", out], context: context)
        #expect(status == 130)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
