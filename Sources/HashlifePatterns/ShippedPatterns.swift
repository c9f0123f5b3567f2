/// The pattern files shipped in the repository's `patterns/` folder, compiled into the binary
/// (by the EmbedPatterns build plugin), so the built-in shape library works from any working
/// directory and in an installed binary.
public enum ShippedPatterns {
    /// Names (file names without `.rle`, e.g. "gosper-glider-gun"), sorted.
    public static let names: [String] = BuiltInPatterns.files.map(\.name).sorted()

    /// The RLE text of the shipped pattern `name`, or nil when there is none.
    public static func text(named name: String) -> String? {
        BuiltInPatterns.files.first { $0.name == name }?.text
    }
}
