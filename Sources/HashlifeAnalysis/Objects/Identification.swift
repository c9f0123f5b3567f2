import HashlifeEngine

/// What `identify` finds in a universe: its classification, the periodic object it settles
/// into (nil when it is not one: it grows, or looks too large), and how many objects that
/// is made of (more than one share the apgcode).
public struct Identification {
    public let classification: Classification
    public let object: PeriodicObject?
    public let objects: Int
}

/// Why a universe cannot be identified.
public enum IdentifyError: Error, CustomStringConvertible {
    /// The rule has no apgcodes here; the reason in one sentence.
    case unsupported(String)
    /// A step failed (cancelled, or the memory limit).
    case step(StepError)

    public var description: String {
        switch self {
        case .unsupported(let reason): reason
        case .step(let error): error.description
        }
    }
}

extension Apgcode {
    /// Why `rule` has no apgcodes here, or nil when it has them.
    public static func unsupportedReason(_ rule: AnyRule) -> String? {
        guard case .twoState(let rule) = rule else {
            return "rule \(rule) has \(rule.stateCount) states; apgcodes are made here for two-state rules"
        }
        return unsupportedReason(rule)
    }
}

/// Identifies the object `universe` holds (or, given `selection`, the cells inside it alone),
/// looking at most `maxPeriod` generations ahead; the universe ends as it began.
/// - Throws: `.unsupported` when the rule has no apgcodes here; `.step` when `control`
///   cancels or the memory limit cannot hold a generation.
public func identify(_ universe: any LifeUniverse, selection: CellRect?, maxPeriod: BigUInt,
                     control: StepControl?) throws(IdentifyError) -> Identification {
    if let reason = Apgcode.unsupportedReason(universe.anyRule) { throw .unsupported(reason) }
    guard let universe = universe as? Universe else { throw .unsupported("rule \(universe.anyRule) has no apgcodes here") }
    var subject = universe
    if let rect = selection {
        // The selection alone, in a universe of its own at the same place.
        subject = Universe(rule: universe.rule, memoryLimit: universe.memoryLimit)
        subject.paste(subject.clip(of: rect, in: universe), x: rect.x, y: rect.y)
    }
    let saved = subject.keep()
    defer { subject.restore(saved) }
    do throws(StepError) {
        let (classification, object) = try PeriodicObject.find(in: subject, maxGeneration: maxPeriod, control: control)
        let objects = try object.map { (object) throws(StepError) in
            try ObjectSeparation.count(subject, at: classification.verdict.generation, window: min(object.period, 4096),
                                       maxGeneration: maxPeriod, control: control)
        } ?? 1
        return Identification(classification: classification, object: object, objects: objects)
    } catch {
        throw .step(error)
    }
}
