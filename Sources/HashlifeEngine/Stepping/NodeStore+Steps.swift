// What the store keeps about the step in progress.

extension NodeStore {
    /// Prepares a step from the padded root `root` (of `level`): the collector keeps the root,
    /// the recursion starts unpinned (cheaper; `pinRecursion` when it reaches the limit), at most
    /// `collectionsAllowed` collections run before it unwinds as thrashing, and `control` is
    /// polled for cancellation.
    mutating func beginStep(root: NodeID, level: Int, collectionsAllowed: Int, control: StepControl?) {
        collector.stepRoot = root
        collector.collectionsThisStep = 0
        collector.collectionsAllowed = collectionsAllowed
        collector.pinning = false
        arena.preparePins(level: level)
        stepping.control = control
    }

    /// The step's recursion reached the limit unpinned: its rerun pins what it holds.
    mutating func pinRecursion(level: Int) {
        collector.pinning = true
        arena.preparePins(level: level)
    }

    /// Ends the step begun by `beginStep`, finished or not.
    mutating func endStep() {
        stepping.control = nil
        stepping.handOffMisses = .max
        collector.stepRoot = 0
        arena.pinCount = 0
    }
}
