import Testing
import HashlifeEngine
import HashlifeRendering

/// `OutputLimit`: the one rule on how big a picture may be.
@Suite struct OutputLimitTests {
    @Test func theOutputRuleIsOneNumber() throws {
        #expect(OutputLimit.maximumBlocks == 1 << 24)
        try OutputLimit.check(columns: BigUInt(4096), rows: BigUInt(4096))
        try OutputLimit.check(columns: BigUInt(1 << 24), rows: BigUInt.one)
        #expect(throws: OutputLimit.Exceeded.self) { try OutputLimit.check(columns: BigUInt(4097), rows: BigUInt(4096)) }
        try OutputLimit.check(columns: BigUInt(1024), rows: BigUInt(1024), pixelsPerBlock: 4)
        #expect(throws: OutputLimit.Exceeded.self) { try OutputLimit.check(columns: BigUInt(1024), rows: BigUInt(1024), pixelsPerBlock: 5) }
        let huge = Viewport(x: .zero, y: .zero, width: BigUInt.powerOfTwo(64_999), height: BigUInt.powerOfTwo(64_999))
        #expect(throws: OutputLimit.Exceeded.self) { try OutputLimit.check(huge) }
    }
}
