// A build-tool plugin: turns the files of Sources/HashlifeServer/Assets (the page `hashlife
// serve` sends: HTML, CSS, JavaScript) into Swift source for the target, so the binary needs
// no files at run time and asset paths are looked up in a table, never on disk.

import Foundation
import PackagePlugin

@main
struct EmbedAssets: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Sources/HashlifeServer/Assets")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { ["html", "css", "js", "svg", "txt"].contains($0.pathExtension) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedAssets.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) page assets",
                executable: try context.tool(named: "embed-patterns").url,
                arguments: ["--assets", output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            )
        ]
    }
}
