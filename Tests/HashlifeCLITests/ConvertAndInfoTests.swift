import Foundation
import Testing
@testable import HashlifeCLI
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

@Suite struct ConvertAndInfoTests {
    func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hashlife-test-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func convertsBetweenEveryWritableFormatAndBack() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = Fixtures.pattern("gosper-glider-gun.rle")
        let expected = Fixtures.universe("gosper-glider-gun.rle").referenceCells
        for name in ["gun.mc", "gun.cells", "gun.lif", "gun.rle.gz", "gun.mc.gz"] {
            let out = folder.appendingPathComponent(name).path
            let result = hashlife("convert", source, out)
            #expect(result.status == 0 && result.err.isEmpty, "\(name): \(result.err)")
            let decoded = try PatternCodec.decode(try FileIO.read(out), fileName: out)
            #expect(decoded.format == PatternFormat(fileName: name) && decoded.compressed == name.hasSuffix(".gz"))
            #expect(try Universe(document: decoded.document).referenceCells == expected, "\(name)")
            // And back to RLE through the converted file.
            let back = folder.appendingPathComponent(name + ".back.rle").path
            #expect(hashlife("convert", out, back).status == 0)
            #expect(try Universe(document: PatternCodec.decode(FileIO.read(back)).document).referenceCells == expected)
        }
    }

    @Test func convertToStandardOutputNeedsNoExtension() {
        let result = hashlife("convert", Fixtures.pattern("glider.rle"), "-", "--format", "cells")
        #expect(result.status == 0)
        #expect(result.out.contains(".O\n..O\nOOO\n") || result.out.contains(".O.\n..O\nOOO\n"), "\(result.out)")
    }

    @Test func convertRejectsUnknownOutputFormats() {
        let noExtension = hashlife("convert", Fixtures.pattern("glider.rle"), "/tmp/glider.txt")
        #expect(noExtension.status == 64 && noExtension.err.contains("cannot tell the output format"))
        let badFormat = hashlife("convert", Fixtures.pattern("glider.rle"), "-", "--format", "png")
        #expect(badFormat.status == 64 && badFormat.err.contains("--format"))
    }

    @Test func runWritesTheOutFormatByExtension() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("far.mc.gz").path
        let result = hashlife("run", Fixtures.pattern("gosper-glider-gun.rle"), "--gen", "2^100", "--out", out)
        #expect(result.status == 0)
        let decoded = try PatternCodec.decode(try FileIO.read(out))
        #expect(decoded.format == .macrocell && decoded.compressed)
        let universe = try Universe(document: decoded.document)
        #expect(universe.generation == (try BigUInt.parseCount("2^100")), "\(universe.generation) \(decoded.document.generation) \(result.status) \(result.err)")
        #expect(result.out == "\(universe.generation): \(universe.population)\n")
    }

    @Test func infoDescribesTheFile() throws {
        let text = hashlife("info", Fixtures.pattern("gosper-glider-gun.rle"))
        #expect(text.status == 0)
        for line in ["format:      RLE", "name:        Gosper glider gun", "rule:        B3/S23", "generation:  0",
                     "population:  36", "bounds:      x=0 y=0 width=36 height=9", "tree:        level "] {
            #expect(text.out.contains(line), "missing '\(line)' in\n\(text.out)")
        }
        let json = hashlife("info", Fixtures.pattern("glider.rle"), "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(object["format"] as? String == "rle" && object["population"] as? String == "5")
        #expect(object["compressed"] as? Bool == false && object["level"] is Int && object["tree_nodes"] is Int)
        #expect((object["comments"] as? [String])?.isEmpty == false)
    }

    @Test func readsStandardInput() throws {
        // The command reads "-" through FileIO; feed it by swapping standard input for a file.
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("in.rle").path
        try "x = 3, y = 1\n3o!\n".write(toFile: path, atomically: true, encoding: .utf8)
        let saved = dup(STDIN_FILENO)
        let fd = open(path, O_RDONLY)
        dup2(fd, STDIN_FILENO)
        close(fd)
        defer { dup2(saved, STDIN_FILENO); close(saved) }
        let result = hashlife("run", "-", "--gen", "1")
        #expect(result.status == 0 && result.out == "1: 3\n", "\(result.err)")
    }
}
