import Foundation
import Testing
import HashlifeEngine
import HashlifeFormats
import HashlifeEditing
import HashlifeTestSupport

/// The shape library: shipped patterns compiled in, user shapes in a folder of their own.
@Suite struct ShapeLibraryTests {
    func temporaryFolder() -> String {
        let path = NSTemporaryDirectory() + "shapes-\(UUID().uuidString)/shapes"
        return path
    }

    @Test func everyShippedPatternIsBuiltInWithTheFilesText() throws {
        let library = ShapeLibrary(folder: nil)
        let names = try library.list().filter(\.isBuiltIn).map(\.name)
        for seed in ["glider", "lwss", "pulsar", "gosper-glider-gun", "block", "blinker", "toad", "beacon", "loaf", "boat"] {
            #expect(names.contains(seed), "\(seed) is missing")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: Fixtures.repositoryRoot + "/patterns")
            .filter { $0.hasSuffix(".rle") }.map { String($0.dropLast(4)) }.sorted()
        #expect(names == files, "the built-in shapes are exactly patterns/*.rle")
        for name in names {
            let shipped = try library.document(named: name)
            #expect(shipped == Fixtures.document(name + ".rle"), "\(name) differs from patterns/\(name).rle")
        }
    }

    @Test func userShapesAreSavedListedLoadedAndRemoved() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: String(folder.dropLast(7))) }
        let library = ShapeLibrary(folder: folder)
        let path = try library.add(named: "my-blinker", rle: "x = 3, y = 1, rule = B3/S23\n3o!\n")
        #expect(path == folder + "/my-blinker.rle")
        var attributes = stat()
        #expect(stat(folder, &attributes) == 0 && attributes.st_mode & 0o777 == 0o700, "the folder is private to the user")
        #expect(try library.list().contains(ShapeLibrary.Entry(name: "my-blinker", isBuiltIn: false, isShadowed: false)))
        #expect(try library.document(named: "MY-BLINKER").cells.count == 3, "names compare without regard to case")
        try library.remove(named: "my-blinker")
        #expect(throws: SessionError.self) { try library.document(named: "my-blinker") }
        #expect(throws: SessionError.self) { try library.remove(named: "my-blinker") }
    }

    @Test func builtInNamesAndBadNamesAreRefused() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: String(folder.dropLast(7))) }
        let library = ShapeLibrary(folder: folder)
        for name in ["glider", "Glider", "", "../x", "a/b", ".hidden", "-x", String(repeating: "a", count: 65), "tab\there"] {
            #expect(throws: SessionError.self, "\(name) was accepted") { try library.add(named: name, rle: "x = 1, y = 1\no!\n") }
        }
        #expect(throws: SessionError.self) { try library.remove(named: "glider") }
        // A file put there by hand under a built-in name is shadowed, never used.
        try DataFolders.makeFolders(folder)
        try FileIO.writeAtomically(Array("x = 1, y = 1\no!\n".utf8), to: folder + "/glider.rle")
        #expect(try library.list().contains(ShapeLibrary.Entry(name: "glider", isBuiltIn: false, isShadowed: true)))
        #expect(try library.document(named: "glider").cells.count == 5)
    }
}
