import HashlifeAnalysis

// `census --json` and what `census merge` reads: one object with `rule`, `symmetry`, `root`,
// `first`, `soups`, `objects`, `census` (a list of {"apgcode", "count", "samples"}, samples as
// full soup ids) and `seconds`. A census that is not one contiguous run of one root (a merge of
// non-adjacent shards or of several roots) also has `ranges`, a list of {"root", "first",
// "soups"}; then `root` is its roots joined by "," and `first` the first index of the first.

/// Why a census could not be read from JSON.
public struct CensusJSONError: Error, CustomStringConvertible {
    public var description: String
}

extension CensusResult {
    public var json: JSONValue {
        var fields: [(String, JSONValue)] = [
            ("rule", .string(rule)), ("symmetry", .string(symmetry)), ("root", .string(root)),
            ("first", .uint(first)), ("soups", .uint(soups)), ("objects", .int(objects)),
        ]
        if !isContiguous {
            fields.append(("ranges", .array(ranges.map { .fields([("root", .string($0.root)), ("first", .uint($0.first)), ("soups", .uint($0.soups))]) })))
        }
        fields.append(("census", .array(entries.map { entry in
            .fields([("apgcode", .string(entry.apgcode)), ("count", .int(entry.count)), ("samples", .array(entry.samples.map { .string($0.id) }))])
        })))
        fields.append(("seconds", .double((seconds * 1000).rounded() / 1000)))
        return .fields(fields)
    }

    /// Reads a census from its JSON object.
    /// - Parameter sampleLimit: Samples to keep per code.
    public init(json value: JSONValue, sampleLimit: Int = CensusResult.defaultSampleLimit) throws(CensusJSONError) {
        func fail(_ message: String) -> CensusJSONError { CensusJSONError(description: message) }
        guard case .object = value else { throw fail("expected a JSON object (a census from 'hashlife census --json')") }
        func string(_ key: String, in object: JSONValue, _ place: String) throws(CensusJSONError) -> String {
            guard case .string(let text)? = object[key] else { throw fail("\(place): expected \"\(key)\" to be a string") }
            return text
        }
        func whole(_ key: String, in object: JSONValue, _ place: String) throws(CensusJSONError) -> UInt64 {
            switch object[key] {
            case .int(let n)? where n >= 0: return UInt64(n)
            case .uint(let n)?: return n
            default: throw fail("\(place): expected \"\(key)\" to be a whole number, 0 or more")
            }
        }
        let rule = try string("rule", in: value, "the census")
        let symmetry = try string("symmetry", in: value, "the census")
        var ranges: [SoupRange]
        if let list = value["ranges"] {
            guard case .array(let items) = list else { throw fail("the census: expected \"ranges\" to be a list") }
            ranges = []
            for (i, item) in items.enumerated() {
                let place = "range \(i + 1)"
                ranges.append(SoupRange(root: try string("root", in: item, place), first: try whole("first", in: item, place), soups: try whole("soups", in: item, place)))
            }
        } else {
            ranges = [SoupRange(root: try string("root", in: value, "the census"), first: try whole("first", in: value, "the census"), soups: try whole("soups", in: value, "the census"))]
        }
        for range in ranges where range.first > UInt64.max - range.soups { throw fail("the census: soups \(range.root) from \(range.first) run past 2^64") }
        guard case .array(let items)? = value["census"] else { throw fail("the census: expected \"census\" to be a list") }
        var entries: [Entry] = []
        var seen = Set<String>()
        for (i, item) in items.enumerated() {
            let place = "census entry \(i + 1)"
            let code = try string("apgcode", in: item, place)
            guard seen.insert(code).inserted else { throw fail("\(place): apgcode \(code) appears twice") }
            let count = try whole("count", in: item, place)
            guard count <= UInt64(Int.max) else { throw fail("\(place): count too large") }
            guard case .array(let sampleItems)? = item["samples"] else { throw fail("\(place): expected \"samples\" to be a list") }
            var samples: [SoupReference] = []
            for sample in sampleItems {
                guard case .string(let id) = sample, let soup = CensusResult.soup(id, in: ranges) else {
                    throw fail("\(place) (\(code)): sample \(sample.encoded) is not a soup id of this census's soups")
                }
                samples.append(soup)
            }
            entries.append(Entry(apgcode: code, count: Int(count), samples: samples))
        }
        let seconds: Double
        switch value["seconds"] {
        case .double(let d)? where d >= 0: seconds = d
        case .int(let n)? where n >= 0: seconds = Double(n)
        case .uint(let n)?: seconds = Double(n)
        case nil: seconds = 0
        default: throw fail("the census: expected \"seconds\" to be a number, 0 or more")
        }
        self.init(rule: rule, symmetry: symmetry, ranges: ranges, entries: entries, sampleLimit: sampleLimit, seconds: seconds)
        if case .int(let n)? = value["objects"], n != objects {
            throw fail("the census: \"objects\" is \(n) but its counts add up to \(objects)")
        }
    }

    /// The soup `id` names among `ranges` (root followed by an index in the range), if any.
    static func soup(_ id: String, in ranges: [SoupRange]) -> SoupReference? {
        for range in ranges where id.hasPrefix(range.root) {
            let digits = id.utf8.dropFirst(range.root.utf8.count)
            guard !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }), digits.count == 1 || digits.first != 0x30,
                  let index = UInt64(String(decoding: digits, as: UTF8.self)) else { continue }
            let soup = SoupReference(root: range.root, index: index)
            if range.contains(soup) { return soup }
        }
        return nil
    }
}
