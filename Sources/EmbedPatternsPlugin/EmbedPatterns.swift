// A build-tool plugin: turns the repository's `patterns/*.rle` into Swift source for the
// `HashlifePatterns` module, so the built-in shapes are compiled into the binary from the one
// copy in `patterns/` (no second, hand-kept copy; a changed pattern rebuilds the module).

import Foundation
import PackagePlugin

@main
struct EmbedPatterns: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "patterns")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "rle" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "BuiltInPatterns.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) pattern files",
                executable: try context.tool(named: "embed-patterns").url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            )
        ]
    }
}
