// The two ways the stepping recursion runs.

/// Whether the stepping recursion runs alone on the universe's store (`SerialStep`) or as one
/// of the workers of a multi-threaded step, on a view of it (`SharedStep`: atomics, claims, no
/// move-to-front; NodeStore+Shared.swift). A type parameter, not a flag: each recursion
/// function is compiled once per mode, so the single-threaded one carries no test of the mode
/// and runs as it did before threads existed.
protocol StepMode {
    static var isShared: Bool { get }
}

enum SerialStep: StepMode {
    static var isShared: Bool { false }
}

enum SharedStep: StepMode {
    static var isShared: Bool { true }
}
