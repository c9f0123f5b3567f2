// The top of a multi-threaded step: the recursion forked across workers.

extension WorkerView {
    /// `successor(id, level:, step:)` on a view, forking the top of the recursion across the
    /// pool's workers: the nine sub-squares of a full step (or the four squares of a partial
    /// one) become tasks run in parallel, `depth` times down the levels where at least two of
    /// them are work (not empty, not memoized); below that, or at `smallestForkLevel`, each
    /// task runs the ordinary recursion on the worker that took it. The same result as
    /// `successor`, memoized the same way (nodes are canonical whichever thread made them).
    /// - Throws: the first interruption any task met; every task of a batch has finished
    ///   before its fork returns or throws.
    mutating func forkedSuccessor(_ id: NodeID, level: Int, step: Int, depth: Int) throws(StepInterruption) -> NodeID {
        if depth == 0 || level <= ParallelStepper.smallestForkLevel { return try successor(id, level: level, step: step) }
        if arena.isEmpty(id, level: level) { return arena.empty(level - 1) }
        let tag = level - 2 - step
        if let result = arena.sharedResult(id, tag: tag) { return result }
        if mustPause || phase.isStopping { throw .paused }
        let result = try forkedStep(arena[id], level: level, step: step, depth: depth)
        arena.publishResult(id, result, tag: tag)
        return result
    }

    /// The successor of the node whose record is `r` (level, step as in `forkedSuccessor`),
    /// computed by forking its nine squares and four squares `depth` levels down; memoizes
    /// what it forks, not the node's own result (the caller publishes it).
    mutating func forkedStep(_ r: NodeRecord, level: Int, step: Int, depth: Int, onDemand: Bool = false) throws(StepInterruption) -> NodeID {
        let tag = level - 2 - step
        let nine = tag == 0
            ? try forkedSuccessors(nineSquares(r), order: WorkerView.nineOrder, level: level - 1, step: level - 3, depth: depth, onDemand: onDemand)
            : nineCentres(r, level: level)
        let fourStep = tag == 0 ? level - 3 : step
        if fourStep == level - 3 && level - 2 > ParallelStepper.smallestForkLevel {
            // The four squares overlap, and a full step of each begins with its quarters: the
            // nine quarters they are made of (a 3×3 grid that does not overlap) are stepped
            // first, so that no two workers step a shared quarter at the same time.
            _ = try forkedSuccessors(nine, order: WorkerView.nineOrder, level: level - 2, step: level - 4, depth: depth, onDemand: onDemand)
        }
        let four = fourSquares(nine)
        let quarters = try forkedSuccessors(four, order: WorkerView.fourOrder, level: level - 1, step: fourStep, depth: depth, onDemand: onDemand)
        return node(quarters[0], quarters[1], quarters[2], quarters[3])
    }

    /// The order in which the nine sub-squares of a node are queued: the corners, the middles
    /// of the sides, the centre. Helpers take the oldest task and the forking worker the
    /// newest, so two workers start far apart, and the squares that overlap most are left
    /// for last, when their sub-results are mostly made (or claimed, and then stepped after
    /// the others: `sharedFullStep`).
    /// Forking the nine in four stages that never overlap (corners, top and bottom, left and
    /// right, centre) waited at every stage's end: a quarter to a half of two workers' time
    /// on a 2048² soup, for no fewer misses.
    static let nineOrder = [0, 2, 6, 8, 1, 7, 3, 5, 4]
    /// The four squares of the second half, opposite corners first.
    static let fourOrder = [0, 3, 1, 2]

    /// The successors of `squares` (all of `level`, for `step`): those already known (empty
    /// or memoized) at once, the others, in `order`, as tasks of one batch with `depth` - 1
    /// when there are two or more, else on this worker with `depth` (a lone piece of work
    /// forks further down).
    mutating func forkedSuccessors<let n: Int>(_ squares: InlineArray<n, NodeID>, order: [Int], level: Int, step: Int,
                                               depth: Int, onDemand: Bool = false) throws(StepInterruption) -> InlineArray<n, NodeID> {
        var results = InlineArray<n, NodeID>(repeating: 0)
        let tag = level - 2 - step
        var open = InlineArray<n, Int>(repeating: 0), openCount = 0
        for i in order {
            if arena.isEmpty(squares[i], level: level) {
                results[i] = arena.empty(level - 1)
            } else if let known = arena.sharedResult(squares[i], tag: tag) {
                results[i] = known
            } else {
                open[openCount] = i
                openCount += 1
            }
        }
        if openCount == 1 {
            results[open[0]] = try forkedSuccessor(squares[open[0]], level: level, step: step, depth: depth)
        } else if openCount > 1 {
            if !onDemand { phase.countFork() }
            let batch = TaskBatch(count: openCount), pool = self.pool
            pool.fork(count: openCount, batch: batch, view: &self) { k in
                PoolTask(batch: batch, index: k, square: squares[open[k]], level: level, step: step, depth: depth - 1)
            }
            if let failure = batch.failure { throw failure }
            for k in 0..<openCount { results[open[k]] = batch.results[k] }
        }
        return results
    }
}

extension PoolTask {
    /// Runs the task on the worker whose view is `view`: the forked successor of `square`, its
    /// result in `batch.results[index]`, an interruption recorded in the batch (and the phase
    /// told to stop); then counts the task done. The worker counts as running the recursion
    /// (`ParallelPhase.enter`) until just before: once the batch is done, the phase may end.
    func run(on view: inout WorkerView, pool: WorkerPool) {
        view.phase.enter(&view)
        do throws(StepInterruption) {
            batch.results[index] = try view.forkedSuccessor(square, level: level, step: step, depth: depth)
        } catch {
            batch.fail(error)
            view.phase.stop()
        }
        view.phase.leave()
        pool.finished(batch)
    }
}
