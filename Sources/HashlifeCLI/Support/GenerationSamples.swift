import HashlifeEngine

/// The generations `animate` draws and `plot` measures, from `first` to `last` inclusive.
///
/// - `every(K)`: first, first+K, first+2K, … while ≤ last, then `last` itself when the steps
///   miss it (so the sequence always ends at `last`).
/// - `powersOfTwo`: first, then every power of two above `first` up to `last`, then `last`
///   when it is not a power of two. From generation 0 that is 0, 1, 2, 4, 8, …; each sample
///   is one jump, so 2^100 takes a hundred of them.
struct GenerationSamples: Sequence {
    enum Spacing: Equatable {
        case every(BigUInt)
        case powersOfTwo
    }

    let first: BigUInt
    let last: BigUInt
    let spacing: Spacing

    /// Precondition: first ≤ last, and a step K is at least 1.
    init(from first: BigUInt, to last: BigUInt, spacing: Spacing) {
        precondition(first <= last, "samples run forwards")
        if case .every(let k) = spacing { precondition(!k.isZero, "a step is at least 1") }
        self.first = first
        self.last = last
        self.spacing = spacing
    }

    /// How many samples, exactly.
    var count: BigUInt {
        let span = last - first
        switch spacing {
        case .every(let k):
            let (q, r) = span.quotientAndRemainder(dividingBy: k)
            return q + (r.isZero ? 1 : 2)
        case .powersOfTwo:
            // Powers 2^e with first < 2^e ≤ last: e from first.bitWidth to last.bitWidth − 1.
            var n = BigUInt.one + BigUInt(Swift.max(0, last.bitWidth - first.bitWidth))
            if last > first && !Self.isPowerOfTwo(last) { n += 1 }
            return n
        }
    }

    static func isPowerOfTwo(_ n: BigUInt) -> Bool { n.nonzeroBitCount == 1 }

    func makeIterator() -> Iterator { Iterator(samples: self) }

    struct Iterator: IteratorProtocol {
        let samples: GenerationSamples
        var upcoming: BigUInt?

        init(samples: GenerationSamples) {
            self.samples = samples
            upcoming = samples.first
        }

        mutating func next() -> BigUInt? {
            guard let current = upcoming else { return nil }
            if current == samples.last {
                upcoming = nil
                return current
            }
            var following: BigUInt
            switch samples.spacing {
            case .every(let k): following = current + k
            case .powersOfTwo: following = .powerOfTwo(current.bitWidth)
            }
            if following > samples.last { following = samples.last }
            upcoming = following
            return current
        }
    }
}

/// `--to N [--from M] [--step K | --log]` of `animate` and `plot`: the generations asked for.
struct SampleOptions {
    let target: BigUInt
    /// nil: the file's generation.
    let from: BigUInt?
    /// nil when `--step` is absent (each command picks its default).
    let step: BigUInt?
    let log: Bool

    /// Reads the options; `--log` with `--step`, or a step of 0, is a usage error of `command`.
    init(_ arguments: ParsedArguments, command: String) throws(CommandError) {
        func usage(_ message: String) -> CommandError { .usage(UsageError(command: command, message: message)) }
        target = try PatternFiles.count(arguments.value("--to")!, option: "--to", command: command)
        from = try arguments.value("--from").map { (text) throws(CommandError) in try PatternFiles.count(text, option: "--from", command: command) }
        log = arguments.flag("--log")
        if log && arguments.value("--step") != nil { throw usage("--log and --step exclude each other") }
        step = try arguments.value("--step").map { (text) throws(CommandError) -> BigUInt in
            let k = try PatternFiles.count(text, option: "--step", command: command)
            guard !k.isZero else { throw usage("invalid value for '--step': the step must be at least 1") }
            return k
        }
    }
}
