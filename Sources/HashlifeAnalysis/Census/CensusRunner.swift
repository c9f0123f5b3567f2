// Runs a census over soups root + first … root + (first + soups − 1) on several threads. Each
// thread has its own per-soup census function (a `SoupSearcher` is not thread-safe); soups are
// handed out in chunks, and each chunk's census is folded into the result in soup order, so
// the result is the same for every thread count, samples included.
//
// Cancelling stops every thread at a soup boundary. Chunks may then have finished out of
// order; the result covers exactly the soups from `first` up to the first one not done (what
// was done beyond that gap is dropped), so an interrupted census is still a valid census of a
// contiguous range, which a later run can continue from.

#if canImport(Glibc)
import Glibc
#endif
import Synchronization

public enum CensusRunner {
    /// A per-soup census: soup id → apgcode → count.
    public typealias SoupCensus = (String) -> [String: Int]

    /// The soups a worker takes at a time.
    public static let defaultChunk: UInt64 = 32

    /// The census of `range`.
    /// - Parameters:
    ///   - censuses: One per-soup census per thread (their count is the thread count).
    ///   - isCancelled: Asked before each soup; true stops the census there.
    ///   - progress: Called with the number of soups done (any thread; keep it cheap).
    /// - Returns: The result (its ranges say which soups it covers) and whether it is complete.
    public static func run(rule: String, symmetry: String, range: SoupRange, sampleLimit: Int, chunk: UInt64 = defaultChunk,
                           censuses: [SoupCensus], isCancelled: @escaping @Sendable () -> Bool,
                           progress: (@Sendable (UInt64) -> Void)? = nil) -> (result: CensusResult, complete: Bool) {
        precondition(!censuses.isEmpty && chunk > 0)
        let chunks = (range.soups + chunk - 1) / chunk
        let state = Mutex(State(result: CensusResult(rule: rule, symmetry: symmetry, range: SoupRange(root: range.root, first: range.first, soups: 0), sampleLimit: sampleLimit)))
        let done = Atomic<UInt64>(0)
        let box = Box(censuses)

        @Sendable func work(_ worker: Int) {
            let census = box.censuses[worker]
            while true {
                let claimed: UInt64? = state.withLock { state in
                    guard state.next < chunks, !state.stopped else { return nil }
                    defer { state.next += 1 }
                    return state.next
                }
                guard let index = claimed else { return }
                let start = range.first + index * chunk
                let end = min(start + chunk, range.end)
                var part = CensusResult(rule: rule, symmetry: symmetry, range: SoupRange(root: range.root, first: start, soups: 0), sampleLimit: sampleLimit)
                var soup = start
                while soup < end {
                    if isCancelled() { break }
                    let reference = SoupReference(root: range.root, index: soup)
                    part.add(soup: reference, census: census(reference.id))
                    soup += 1
                    let total = done.add(1, ordering: .relaxed).newValue
                    progress?(total)
                }
                let complete = soup == end
                state.withLock { state in
                    if !complete { state.stopped = true }
                    state.pending[index] = (part, soup - start, complete)
                    state.fold(chunkSize: chunk, range: range)
                }
                if !complete { return }
            }
        }

        Workers.run(count: censuses.count, work)
        return state.withLock { state in
            // A partly done chunk at the frontier still extends the contiguous run.
            if let partial = state.pending[state.frontier] {
                state.absorb(partial.result, soups: partial.soups)
            }
            let covered = state.covered
            state.result.setRanges([SoupRange(root: range.root, first: range.first, soups: covered)])
            return (state.result, covered == range.soups)
        }
    }

    private struct State: @unchecked Sendable {
        var result: CensusResult
        var next: UInt64 = 0
        var stopped = false
        /// Chunks done beyond the frontier, by chunk index.
        var pending: [UInt64: (result: CensusResult, soups: UInt64, complete: Bool)] = [:]
        /// The first chunk not folded in.
        var frontier: UInt64 = 0
        var covered: UInt64 = 0

        mutating func fold(chunkSize: UInt64, range: SoupRange) {
            while let item = pending[frontier], item.complete {
                pending[frontier] = nil
                absorb(item.result, soups: item.soups)
                frontier += 1
            }
        }

        mutating func absorb(_ part: CensusResult, soups: UInt64) {
            result.addCounts(of: part)
            covered += soups
        }
    }

    private final class Box: @unchecked Sendable {
        let censuses: [SoupCensus]
        init(_ censuses: [SoupCensus]) { self.censuses = censuses }
    }
}

/// Threads for the census workers: worker 0 on the calling thread, the others on threads of
/// their own; returns once all have finished.
enum Workers {
    static func run(count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        var started: [pthread_t] = []
        for worker in 1..<max(count, 1) {
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            pthread_attr_setstacksize(&attributes, 16 << 20)
            var thread = pthread_t()
            let context = Unmanaged.passRetained(Job { body(worker) }).toOpaque()
            let created = pthread_create(&thread, &attributes, { context in
                Unmanaged<Job>.fromOpaque(context!).takeRetainedValue().work()
                return nil
            }, context)
            pthread_attr_destroy(&attributes)
            precondition(created == 0, "cannot start a census thread (error \(created))")
            started.append(thread)
        }
        body(0)
        for thread in started { pthread_join(thread, nil) }
    }

    private final class Job: @unchecked Sendable {
        let work: @Sendable () -> Void
        init(_ work: @escaping @Sendable () -> Void) { self.work = work }
    }
}
