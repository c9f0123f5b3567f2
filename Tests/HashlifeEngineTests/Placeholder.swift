import Testing
@testable import HashlifeEngine

@Test func quickKnownResults() {
    func run(_ cells: [(Int, Int)], _ gens: Int, oneByOne: Bool) -> BigUInt {
        let u = Universe()
        u.load(cells: cells.map { (x: $0.0, y: $0.1) })
        if oneByOne { for _ in 0..<gens { u.step() } } else { u.step(by: BigUInt(gens)) }
        return u.population
    }
    let r = [(1,0),(2,0),(0,1),(1,1),(1,2)]
    #expect(run(r, 1103, oneByOne: false) == BigUInt(116))
    #expect(run(r, 1103, oneByOne: true) == BigUInt(116))
    let acorn = [(1,0),(3,1),(0,2),(1,2),(4,2),(5,2),(6,2)]
    #expect(run(acorn, 5206, oneByOne: false) == BigUInt(633))
    let diehard = [(6,0),(0,1),(1,1),(1,2),(5,2),(6,2),(7,2)]
    #expect(run(diehard, 130, oneByOne: false) == BigUInt(0))
    #expect(run(diehard, 129, oneByOne: true) > BigUInt(0))
    let u = Universe()
    u.load(cells: [(x: 1, y: 0), (x: 2, y: 1), (x: 0, y: 2), (x: 1, y: 2), (x: 2, y: 2)])
    u.step(by: BigUInt(400))
    #expect(u.boundingBox == CellRect(x: 100, y: 100, width: 3, height: 3))
    #expect(u.cell(x: 101, y: 100) && u.cell(x: 102, y: 101))
}
