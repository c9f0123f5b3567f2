import Foundation
import Testing
@testable import HashlifeCLI
import HashlifeEngine
import HashlifeTestSupport

/// Commands on Larger than Life patterns: every format round-trips a two-state rule's cells
/// under its own rule text, and far targets warn, then stop cleanly.
@Suite struct LargerThanLifeCommandTests {
    /// A range-2 von Neumann rule with decaying states, and a two-state range-5 rule.
    static let decaying = "x = 3, y = 3, rule = R2,C3,S3-6,B4-5,NN\n3o$3o$3o!\n"
    static let twoState = "x = 5, y = 5, rule = R2,C0,S2-6,B5-7\nb3o$5o$2ob2o$5o$b3o!\n"

    func file(_ name: String, _ text: String) throws -> String {
        let path = ScratchFolder.make("ltl") + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func everyFormatKeepsTheCellsAndTheRule() throws {
        let source = try file("two.rle", Self.twoState)
        let expected = hashlife("run", source, "--gen", "30")
        #expect(expected.status == 0, "\(expected.err)")
        let folder = ScratchFolder.make("ltl-out")
        for ext in ["rle", "mc", "cells", "lif"] {
            let out = folder + "/two." + ext
            let converted = hashlife("convert", source, out)
            #expect(converted.status == 0, "\(ext): \(converted.err)")
            let text = try String(contentsOfFile: out, encoding: .utf8)
            #expect(text.contains("R2,C0,S2-6,B5-7"), "\(ext): \(text)")
            let run = hashlife("run", out, "--gen", "30")
            #expect(run.out == expected.out, "\(ext): \(run.err)")
        }
        let rle = try String(contentsOfFile: folder + "/two.rle", encoding: .utf8)
        #expect(rle.contains("b3o$5o"), "two-state cells are written with b and o: \(rle)")
    }

    @Test func multiStateCellsRoundTripThroughRLE() throws {
        let source = try file("decaying.rle", Self.decaying)
        let out = ScratchFolder.make("ltl-out") + "/decaying-7.rle"
        let result = hashlife("run", source, "--gen", "7", "--out", out)
        #expect(result.status == 0, "\(result.err)")
        let again = hashlife("run", out, "--gen", "20")
        #expect(again.out == hashlife("run", source, "--gen", "20").out)
        #expect(hashlife("info", source).out.contains("R2,C3,S3-6,B4-5,NN"))
    }

    @Test func aFarTargetWarnsAtTheStartAndCtrlCReportsTheGenerationReached() throws {
        let path = try file("far.rle", Self.twoState)
        final class Errors: @unchecked Sendable { let lock = NSLock(); var text = "" }
        let errors = Errors()
        let control = StepControl()
        let context = CommandContext(standardOutput: { _ in }, standardError: { text in
            errors.lock.withLock { errors.text += text }
            // The warning comes before the first generation: stop then.
            if text.contains("one generation at a time") { control.cancel() }
        }, errorIsTerminal: false, interrupts: control)
        let status = HashlifeCommand.run(["run", path, "--gen", "10^100"], context: context)
        #expect(status == 130)
        #expect(errors.text.contains("steps one generation at a time"), "\(errors.text)")
        #expect(errors.text.contains("interrupted at generation 0"), "\(errors.text)")
    }

    @Test func anEnlargedGridIsNoted() throws {
        let path = try file("small.rle", "x = 3, y = 1, rule = R5,C0,S2,B3:T4,30\n3o!\n")
        let result = hashlife("run", path, "--gen", "2")
        #expect(result.status == 0)
        #expect(result.err.contains("enlarged to 10×30"), "\(result.err)")
    }
}
