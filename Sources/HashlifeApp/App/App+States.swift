// App+States.swift — drawing with states under a multi-state rule: `t` cycles the drawing
// state (1 … N−1, then 1 again), the header shows it, and clicks and drags draw it.

import HashlifeEngine
import HashlifeEditing

extension App {
    /// The state clicks draw: `drawingState` while the rule has it, else 1 (alive).
    public var activeDrawingState: UInt8 {
        Int(drawingState) < session.universe.stateCount ? drawingState : 1
    }

    /// `t`: the next drawing state, 1 … N−1 then 1 again; with two states it says so.
    func cycleDrawingState() {
        let count = session.universe.stateCount
        guard count > 2 else {
            drawingState = 1
            status = "the rule has two states: clicks draw live cells (t cycles states under multi-state rules)"
            return
        }
        let next = Int(activeDrawingState) + 1
        drawingState = UInt8(next < count ? next : 1)
        status = "drawing state \(drawingState) of 1–\(count - 1)"
    }

    /// "  State S of 1–M" for the header under a rule of more than two states: the drawing
    /// state among the states clicks can draw (1 to M, the rule's highest); "" with two states.
    /// The message of `t` counts the same way.
    func drawingStateLabel(_ rule: AnyRule) -> String {
        rule.stateCount > 2 ? "  State \(activeDrawingState) of 1–\(rule.stateCount - 1)" : ""
    }

    /// Draws (`alive`: the drawing state) or erases the cell at (`x`, `y`) as part of a stroke.
    func paint(x: BigInt, y: BigInt, alive: Bool, group: HistoryGroup) {
        try? session.setState(alive ? activeDrawingState : 0, x: x, y: y, group: group)
    }
}
