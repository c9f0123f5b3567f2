import HashlifeEngine

// What `identify` answers, under a rule of any family: one classifier and one object capture
// for all, and one object separation (ObjectSeparation.swift), which splits clusters further
// where the family's live cells follow its two-state rule. Under History and Super, whose other
// states are trails and marks, the live cells alone are identified (`liveCellUniverse`): a
// History glider is a glider. Under Generations, whose dying states hold back births, the
// period and displacement are those of the whole pattern, every state counted, and the apgcode
// is that of its live cells (state 1).

/// What `identify` finds in a universe: its classification, the periodic object it settles
/// into (nil when it is not one: it grows, or looks too large), and how many objects that
/// is made of (more than one share the apgcode).
public struct Identification {
    public let classification: Classification
    public let object: PeriodicObject?
    public let objects: Int
}

/// The objects a pattern is made of, as `listObjects` finds them.
public struct ObjectListing {
    /// What the pattern becomes.
    public let classification: Classification
    /// The generation at which it was separated.
    public let generation: BigUInt
    /// The top-left corner of the pattern's bounding box then (objects' corners are relative
    /// to it); (0, 0) when empty.
    public let originX: BigInt
    public let originY: BigInt
    /// The objects, ordered by their top-left corners; nil when the pattern is too large to
    /// separate (more than `ObjectSeparation.maximumPopulation` cells, or too far apart).
    public let objects: [SeparatedObject]?
}

/// Why a universe cannot be identified.
public enum IdentifyError: Error, CustomStringConvertible {
    /// The rule has no apgcodes here, or a multi-state selection is too large to copy on
    /// its own; the reason in one sentence.
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
    /// Why `rule` has no apgcodes here, or nil when it has them: a rule of any family has them
    /// when its live cells' two-state rule (`FamilyRule.apgcodeRule`) would, on the unbounded
    /// plane.
    public static func unsupportedReason(_ rule: AnyRule) -> String? {
        guard let life = rule.apgcodeRule else {
            return "rule \(rule) has no apgcodes: they are made for rules of the square Moore neighbourhood"
        }
        if life.hasBirthOnZero { return "rule \(rule) has B0; apgcodes are made for rules without B0" }
        if let grid = rule.grid, grid.width > 0 || grid.height > 0 {
            return "rule \(rule) is on a bounded grid; apgcodes are made for the unbounded plane"
        }
        if !isSymmetric(life) {
            return "rule \(rule) does not treat rotated and reflected patterns alike; apgcodes are made for rules that do"
        }
        return nil
    }

    /// Whether objects under `rule` get their usual names (`name(of:)`): under B3/S23, and
    /// under the rules whose live cells evolve as Life's (History and Super over B3/S23).
    public static func namesObjects(under rule: AnyRule) -> Bool {
        rule.liveCellsFollowApgcodeRule && rule.grid == nil && rule.apgcodeRule == .life
    }
}

/// Identifies the object `universe` holds (or, given `selection`, the cells inside it alone),
/// looking at most `maxPeriod` generations ahead; the universe ends as it began.
/// - Throws: `.unsupported` when the rule has no apgcodes here (or the selection is too large
///   to copy); `.step` when `control` cancels or the memory limit cannot hold a generation.
public func identify(_ universe: any LifeUniverse, selection: CellRect?, maxPeriod: BigUInt,
                     control: StepControl?) throws(IdentifyError) -> Identification {
    if let reason = Apgcode.unsupportedReason(universe.anyRule) { throw .unsupported(reason) }
    let whole = try alone(universe, selection: selection)
    let subject = whole.liveCellUniverse() ?? whole
    let saved = subject.keep()
    defer { subject.restore(saved) }
    do throws(StepError) {
        let classification: Classification, object: PeriodicObject?
        (classification, object) = try PeriodicObject.find(in: subject, maxGeneration: maxPeriod, control: control)
        let objects = try object.map { (object) throws(StepError) in
            let (at, window) = (classification.verdict.generation, min(object.period, 4096))
            return try ObjectSeparation.count(subject, at: at, window: window, maxGeneration: maxPeriod, control: control)
        } ?? 1
        return Identification(classification: classification, object: object, objects: objects)
    } catch {
        throw .step(error)
    }
}

/// The objects `universe` is made of (`ObjectSeparation`), looking at most `maxPeriod`
/// generations ahead for each: at the generation the pattern becomes periodic or settles, a
/// gun or a puffer at its current generation (its engine, not its growing output), a pattern
/// without a verdict at the end of the look-ahead. The envelope that joins cells into clusters
/// covers one period of what is there (at most `maximumWindow` generations), or
/// `unknownPeriodWindow` generations without a verdict. The universe ends as it began.
/// - Throws: as `identify`.
public func listObjects(_ universe: any LifeUniverse, maxPeriod: BigUInt, control: StepControl?) throws(IdentifyError) -> ObjectListing {
    if let reason = Apgcode.unsupportedReason(universe.anyRule) { throw .unsupported(reason) }
    let universe = universe.liveCellUniverse() ?? universe
    let saved = universe.keep()
    defer { universe.restore(saved) }
    do throws(StepError) {
        let classification = try classify(universe, maxGeneration: maxPeriod, control: control)
        let window: Int
        switch classification.verdict {
        case .oscillator(_, let p), .spaceship(_, let p, _, _, _), .settled(_, let p, _): window = min(p, ObjectListing.maximumWindow)
        case .undetermined: window = ObjectListing.unknownPeriodWindow
        case .extinct, .still, .growing: window = 0
        }
        if case .growing = classification.verdict {} else {
            try universe.step(by: classification.verdict.generation - universe.generation, control: control, progress: nil)
        }
        let box = universe.boundingBox
        let objects = try ObjectSeparation.separate(universe, window: window, maxGeneration: maxPeriod, control: control)
        return ObjectListing(classification: classification, generation: universe.generation,
                             originX: box?.x ?? .zero, originY: box?.y ?? .zero, objects: objects)
    } catch {
        throw .step(error)
    }
}

extension ObjectListing {
    /// The longest window of generations whose cells join objects into clusters.
    public static let maximumWindow = 4096
    /// The window when the period is not known (a multiple of every period up to 6, and 10,
    /// 12, 15, 20, 30).
    public static let unknownPeriodWindow = 60
}

/// `universe` itself, or given `selection` a universe of its own holding the cells inside it
/// alone, at the same place.
private func alone(_ universe: any LifeUniverse, selection: CellRect?) throws(IdentifyError) -> any LifeUniverse {
    guard let rect = selection else { return universe }
    let subject = universe.anyRule.makeUniverse(memoryLimit: universe.memoryLimit)
    do {
        try subject.paste(try universe.cellClip(of: rect), x: rect.x, y: rect.y, mode: .copy)
    } catch {
        throw .unsupported("the selection is too large to identify on its own: \(error)")
    }
    return subject
}
