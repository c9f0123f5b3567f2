import HashlifeEngine

// What `identify` answers, under a rule of any family: the one place that asks which family a
// universe is (two-state `Universe`, or `MultiStateUniverse` for Generations, History and
// Super rules) and takes that family's classifier, objects and separation. Under a
// multi-state rule the period and displacement are those of the whole pattern, every state
// counted, and the apgcode is that of its live cells (`MultiStateObjects.swift`). A History
// glider is therefore no object: its trail of history cells lengthens every generation, so
// the whole pattern grows (as Golly shows it, and as `classify` says), although its live
// cells are a glider's.

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
    /// Why `rule` has no apgcodes here, or nil when it has them. A multi-state rule has them
    /// when its alive/dead decision (`MultiStateRule.lifeRule`) would, on the unbounded plane.
    public static func unsupportedReason(_ rule: AnyRule) -> String? {
        switch rule {
        case .twoState(let rule):
            return unsupportedReason(rule)
        case .multiState(let rule):
            if let grid = rule.grid, grid.width > 0 || grid.height > 0 {
                return "rule \(rule) is on a bounded grid; apgcodes are made for the unbounded plane"
            }
            if rule.lifeRule.hasBirthOnZero { return "rule \(rule) has B0; apgcodes are made for rules without B0" }
            if rule.neighbourhood == .hexagonal || !isSymmetric(rule.lifeRule) {
                return "rule \(rule) does not treat rotated and reflected patterns alike; apgcodes are made for rules that do"
            }
            return nil
        }
    }

    /// Whether objects under `rule` get their usual names (`name(of:)`): under B3/S23, and
    /// under History and Super rules over B3/S23 (whose live cells evolve as Life's).
    public static func namesObjects(under rule: AnyRule) -> Bool {
        switch rule {
        case .twoState(let rule): return rule == .life
        case .multiState(let rule): return rule.family != .generations && rule.grid == nil && rule.lifeRule == .life
        }
    }
}

/// Identifies the object `universe` holds (or, given `selection`, the cells inside it alone),
/// looking at most `maxPeriod` generations ahead; the universe ends as it began.
/// - Throws: `.unsupported` when the rule has no apgcodes here (or the selection is too large
///   to copy); `.step` when `control` cancels or the memory limit cannot hold a generation.
public func identify(_ universe: any LifeUniverse, selection: CellRect?, maxPeriod: BigUInt,
                     control: StepControl?) throws(IdentifyError) -> Identification {
    if let reason = Apgcode.unsupportedReason(universe.anyRule) { throw .unsupported(reason) }
    let subject = try alone(universe, selection: selection)
    let saved = subject.keep()
    defer { subject.restore(saved) }
    do throws(StepError) {
        let classification: Classification, object: PeriodicObject?
        switch family(subject) {
        case .twoState(let u): (classification, object) = try PeriodicObject.find(in: u, maxGeneration: maxPeriod, control: control)
        case .multiState(let u): (classification, object) = try PeriodicObject.find(in: u, maxGeneration: maxPeriod, control: control)
        }
        let objects = try object.map { (object) throws(StepError) in
            let (at, window) = (classification.verdict.generation, min(object.period, 4096))
            switch family(subject) {
            case .twoState(let u): return try ObjectSeparation.count(u, at: at, window: window, maxGeneration: maxPeriod, control: control)
            case .multiState(let u): return try ObjectSeparation.count(u, at: at, window: window, maxGeneration: maxPeriod, control: control)
            }
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
        let objects: [SeparatedObject]?
        switch family(universe) {
        case .twoState(let u): objects = try ObjectSeparation.separate(u, window: window, maxGeneration: maxPeriod, control: control)
        case .multiState(let u): objects = try ObjectSeparation.separate(u, window: window, maxGeneration: maxPeriod, control: control)
        }
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

/// A universe as its family's engine.
private enum Family {
    case twoState(Universe)
    case multiState(MultiStateUniverse)
}

private func family(_ universe: any LifeUniverse) -> Family {
    if let u = universe as? Universe { return .twoState(u) }
    if let u = universe as? MultiStateUniverse { return .multiState(u) }
    preconditionFailure("a universe of no known family")
}

/// `universe` itself, or given `selection` a universe of its own holding the cells inside it
/// alone, at the same place.
private func alone(_ universe: any LifeUniverse, selection: CellRect?) throws(IdentifyError) -> any LifeUniverse {
    guard let rect = selection else { return universe }
    switch family(universe) {
    case .twoState(let u):
        let subject = Universe(rule: u.rule, memoryLimit: u.memoryLimit)
        subject.paste(subject.clip(of: rect, in: u), x: rect.x, y: rect.y)
        return subject
    case .multiState(let u):
        let subject = MultiStateUniverse(rule: u.rule, memoryLimit: u.memoryLimit)
        do {
            try subject.paste(try u.cellClip(of: rect), x: rect.x, y: rect.y, mode: .copy)
        } catch {
            throw .unsupported("the selection is too large to identify on its own: \(error)")
        }
        return subject
    }
}
