// The top of a multi-threaded step: the recursion forked across workers.

extension NodeStore {
    /// Nodes at or below this level are stepped by one worker alone: a 256×256 square
    /// advanced 64 generations is worth a task; smaller ones are not.
    static let smallestForkLevel = 8

    /// `successor(id, level:, step:)` on a view, forking the top of the recursion across the
    /// pool's workers: the nine sub-squares of a full step (or the four squares of a partial
    /// one) become tasks run in parallel, `depth` times down the levels where at least two of
    /// them are work (not empty, not memoized); below that, or at `smallestForkLevel`, each
    /// task runs the ordinary recursion on the worker that took it. The same result as
    /// `successor`, memoized the same way (nodes are canonical whichever thread made them).
    /// - Throws: the first interruption any task met; every task of a batch has finished
    ///   before its fork returns or throws.
    mutating func forkedSuccessor(_ id: NodeID, level: Int, step: Int, depth: Int, pool: WorkerPool) throws(StepInterruption) -> NodeID {
        if depth == 0 || level <= NodeStore.smallestForkLevel { return try successor(id, level: level, step: step, SharedStep.self) }
        if isEmpty(id, level: level) { return empties[level - 1] }
        let tag = level - 2 - step
        if let result = sharedResult(id, tag: tag) { return result }
        if mustPause || phase?.isStopping == true { throw .paused }
        let r = nodes[Int(id)]
        let nine = tag == 0
            ? try forkedSuccessors(nineSquares(r), stages: NodeStore.nineStages, level: level - 1, step: level - 3, depth: depth, pool: pool)
            : nineCentres(r, level: level)
        let fourStep = tag == 0 ? level - 3 : step
        if fourStep == level - 3 && level - 2 > NodeStore.smallestForkLevel {
            // The four squares overlap, and a full step of each begins with its quarters: the
            // nine quarters they are made of (a 3×3 grid that does not overlap) are stepped
            // first, all at once, so that no two workers step a shared quarter at the same time.
            _ = try forkedSuccessors(nine, stages: NodeStore.allNine, level: level - 2, step: level - 4, depth: depth, pool: pool)
        }
        let four = fourSquares(nine)
        let quarters = try forkedSuccessors(four, stages: NodeStore.fourStages, level: level - 1, step: fourStep, depth: depth, pool: pool)
        let result = node(quarters[0], quarters[1], quarters[2], quarters[3], SharedStep.self)
        publishResult(id, result, tag: tag)
        return result
    }

    /// The nine overlapping sub-squares of a full step, in stages whose squares do not overlap
    /// (so no two workers compute the same sub-results at once): the corners, then the top and
    /// bottom middles, the left and right middles, and the centre, which finds most of its
    /// sub-results made by then.
    static let nineStages: [[Int]] = [[0, 2, 6, 8], [1, 7], [3, 5], [4]]
    /// Nine squares that do not overlap, in one stage.
    static let allNine: [[Int]] = [[0, 1, 2, 3, 4, 5, 6, 7, 8]]
    /// The four squares of the second half, in two stages of opposite corners.
    static let fourStages: [[Int]] = [[0, 3], [1, 2]]

    /// The successors of `squares` (all of `level`, for `step`), stage by stage: in each stage
    /// those already known (empty or memoized) at once, the others as tasks of one batch with
    /// `depth` - 1 when there are two or more, else on this worker with `depth` (a lone piece
    /// of work forks further down).
    mutating func forkedSuccessors<let n: Int>(_ squares: InlineArray<n, NodeID>, stages: [[Int]], level: Int, step: Int,
                                               depth: Int, pool: WorkerPool) throws(StepInterruption) -> InlineArray<n, NodeID> {
        var results = InlineArray<n, NodeID>(repeating: 0)
        let tag = level - 2 - step
        for stage in stages {
            var open: [Int] = []
            for i in stage {
                if isEmpty(squares[i], level: level) {
                    results[i] = empties[level - 1]
                } else if let known = sharedResult(squares[i], tag: tag) {
                    results[i] = known
                } else {
                    open.append(i)
                }
            }
            if open.count == 1 {
                results[open[0]] = try forkedSuccessor(squares[open[0]], level: level, step: step, depth: depth, pool: pool)
            } else if open.count > 1 {
                let batch = TaskBatch(count: open.count)
                let tasks = open.indices.map { k in
                    let square = squares[open[k]]
                    return PoolTask { (view: inout NodeStore) in
                        do throws(StepInterruption) {
                            batch.results[k] = try view.forkedSuccessor(square, level: level, step: step, depth: depth - 1, pool: pool)
                        } catch {
                            batch.fail(error)
                            view.phase?.stop()
                        }
                        pool.finished(batch)
                    }
                }
                pool.fork(tasks, batch: batch, view: &self)
                if let failure = batch.failure { throw failure }
                for k in open.indices { results[open[k]] = batch.results[k] }
            }
        }
        return results
    }
}
