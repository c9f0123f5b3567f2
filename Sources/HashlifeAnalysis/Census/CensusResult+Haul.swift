// A census as text: apgsearch's haul (the file it uploads to Catagolue and, with -L 1, logs),
// and the plain `apgcode count` table.
//
// The haul, line by line: `testing` (the first line of apgsearch's local hauls); @VERSION (ours:
// hashlife-VERSION); @MD5 (of the root); @ROOT; @RULE; @SYMMETRY; @NUM_SOUPS; @NUM_OBJECTS; a
// blank line; @CENSUS TABLE and one `apgcode count` line per code in apgsearch's order; a blank
// line; @SAMPLE_SOUPIDS and one `apgcode index index …` line per code, the samples as indices
// after the root. A census of several roots (a merge) gives its roots joined by "," in @ROOT
// and its samples as full soup ids.

import HashlifeEngine

extension CensusResult {
    /// apgsearch's haul text, for a census made by `version` (e.g. "hashlife-0.9").
    public func haul(version: String) -> String {
        let root = self.root
        let single = !root.contains(",") && !ranges.isEmpty
        var text = "testing\n@VERSION \(version)\n@MD5 \(MD5.hex(root))\n@ROOT \(root)\n@RULE \(rule)\n@SYMMETRY \(symmetry)\n"
        text += "@NUM_SOUPS \(soups)\n@NUM_OBJECTS \(objects)\n\n@CENSUS TABLE\n"
        let entries = self.entries
        for entry in entries { text += "\(entry.apgcode) \(entry.count)\n" }
        text += "\n@SAMPLE_SOUPIDS\n"
        for entry in entries {
            text += entry.apgcode
            for soup in entry.samples { text += " " + (single ? String(soup.index) : soup.id) }
            text += "\n"
        }
        return text
    }

    /// One `apgcode count` line per code, in apgsearch's order.
    public var table: String {
        entries.map { "\($0.apgcode) \($0.count)\n" }.joined()
    }

    /// "200 soups (k_visible0001 0…199), 4321 objects".
    public var summary: String {
        let covered = ranges.map { $0.soups == 0 ? "\($0.root) none" : "\($0.root) \($0.first)…\($0.end - 1)" }.joined(separator: ", ")
        return "\(Plural.count(soups, "soup")) (\(covered.isEmpty ? "none" : covered)), \(Plural.count(objects, "object"))"
    }
}
