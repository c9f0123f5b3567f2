// `threads`: how many threads a step may use, shown and set as `memory` shows and
// sets the memory limit.

import HashlifeEngine
import HashlifeEditing
import HashlifeInterface

extension CommandInterpreter {
    static let threadsCommand = InterpreterCommand(
        "threads", usage: "threads [N]",
        "Show the threads a step may use and the processors available; set them to N (1 to \(ThreadCount.range.upperBound); 1 is single-threaded; kept for later loads). Results are the same for every N."
    ) { r, a throws(CommandError) in try r.threads(a) }

    /// `threads` shows the count; `threads N` sets it (for the current universe and later
    /// loads). Either answers with the count after it and the processors available: in text,
    /// "threads 4 (2 processors available)"; in JSON, `threads` and `processors` (numbers).
    /// Under a rule whose family steps on one thread, more than one adds the sentence saying
    /// so (`UniverseCapability.threads`), in JSON as `note`.
    func threads(_ a: [String]) throws(CommandError) -> Answer {
        guard a.count <= 1 else { throw .usage(command("threads")) }
        if let word = a.first {
            do { session.threads = try ThreadCount.parse(word) } catch { throw .argument("invalid threads: \(error.description)") }
        }
        let (threads, processors) = (session.threads, Universe.availableProcessors)
        let note = threads > 1 && !session.universe.has(.threads) ? UniverseCapability.threads.refusal(rule: session.rule) : nil
        return Answer("threads \(threads) (\(Plural.count(processors, "processor")) available\(note.map { "; " + $0 } ?? ""))",
                      [.init("threads", .int(threads)), .init("processors", .int(processors))]
                        + (note.map { [.init("note", .string($0))] } ?? []))
    }
}
