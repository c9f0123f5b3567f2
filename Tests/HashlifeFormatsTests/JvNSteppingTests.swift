import Testing
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

/// Golly's von Neumann rules on the multi-state engine against the naive stepper (which steps
/// by the rules' definitions), generation by generation.
@Suite struct JvNSteppingTests {
    /// The engine against the naive stepper on random soups of each rule's states, one
    /// generation at a time and by a jump.
    @Test(arguments: JvNVariant.allCases)
    func theEngineStepsAsTheNaiveStepper(_ variant: JvNVariant) throws {
        let rule = MultiStateRule(jvn: variant)
        var random = SplitMix64(seed: 29)
        var cells: [MultiStateCell] = []
        for y in 0..<24 {
            for x in 0..<24 where random.next() % 3 == 0 {
                cells.append(MultiStateCell(x: x, y: y, state: UInt8(1 + random.next() % UInt64(variant.stateCount - 1))))
            }
        }
        var reference = MultiStateReference(MultiStatePattern(rule: rule, cells: cells))
        let universe = MultiStateUniverse(rule: rule)
        universe.load(cells: cells.map { (x: $0.x, y: $0.y, state: $0.state) })
        for generation in 1...40 {
            reference.step()
            universe.step()
            #expect(universe.population == BigUInt(UInt64(reference.population)), "\(variant) at \(generation)")
        }
        var cellsNow: [MultiStateCell] = []
        universe.forEachCell(in: nil) { x, y, state in cellsNow.append(MultiStateCell(x: x.intValue!, y: y.intValue!, state: state)) }
        #expect(cellsNow.sorted() == reference.cells)
        let jumped = MultiStateUniverse(rule: rule)
        jumped.load(cells: cells.map { (x: $0.x, y: $0.y, state: $0.state) })
        jumped.step(by: BigUInt(40))
        #expect(jumped.population == universe.population)
    }
}
