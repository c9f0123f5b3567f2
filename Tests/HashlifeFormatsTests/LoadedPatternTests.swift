import Testing
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

/// Telling two-state files from multi-state ones, and the multi-state RLE's position and
/// generation.
@Suite struct LoadedPatternTests {
    @Test(arguments: [
        "x = 3, y = 1, rule = /2/3\nAB.!\n",
        "#N brain\r\nx = 3, y = 1, rule = 345/2/4\r\nAB.!\r\n",
        "x = 3, y = 1, rule = LifeHistory:T10,10\nACA!\n",
        "x = 3, y = 1, rule = B3/S23Super\nA.o!\n",
        "x = 3, y = 1, rule = g3b3s23\nAB.!\n",
        "[M2] (hashlife)\n#R /2/3\n1 1 2 0 0\n",
    ])
    func multiStateRulesSendTheFileToTheMultiStateReaders(_ text: String) throws {
        guard case .multiState(let decoded) = try PatternCodec.decodeAny(Array(text.utf8)) else {
            Issue.record("not read as multi-state: \(text)")
            return
        }
        #expect(decoded.pattern.population > 0)
        // The two-state entry point names the rule instead of failing on a letter.
        #expect {
            try PatternCodec.decode(Array(text.utf8), fileName: "f.rle")
        } throws: { error in
            guard case .multiState(let file, let rule)? = error as? PatternReadError else { return false }
            return file == "f.rle" && rule == decoded.pattern.rule.description
        }
    }

    @Test(arguments: ["x = 3, y = 1, rule = B3/S23\n3o!\n", "x = 3, y = 1\nobo!\n", "#r 23/3\nx = 2, y = 1\n2o!\n",
                      "[M2] (golly)\n#R B36/S23\n.*$*.$\n"])
    func twoStateRulesStayTwoState(_ text: String) throws {
        guard case .twoState = try PatternCodec.decodeAny(Array(text.utf8)) else {
            Issue.record("not read as two-state: \(text)")
            return
        }
    }

    @Test func aBadMultiStateRuleIsReportedWhereItIs() {
        #expect {
            try PatternCodec.decodeAny(Array("x = 1, y = 1, rule = /2/300\nA!\n".utf8), fileName: "bad.rle")
        } throws: { error in
            guard case .syntax(let located)? = error as? PatternReadError else { return false }
            return located.file == "bad.rle" && located.line == 1
        }
    }

    @Test func positionAndGenerationRoundTrip() throws {
        let rule = try MultiStateRule("/2/3")
        let cells = [MultiStateCell(x: -7, y: 12, state: 1), MultiStateCell(x: -5, y: 13, state: 2)]
        let pattern = MultiStatePattern(rule: rule, comments: ["#N pair", "not a metadata line"], cells: cells,
                                        generation: BigUInt(123))
        let text = MultiStateRLE.write(pattern)
        #expect(text.hasPrefix("#CXRLE Pos=-7,12 Gen=123\n#N pair\n#C not a metadata line\n"), "\(text)")
        let again = try MultiStateRLE.read(text)
        #expect(again.cells == cells && again.generation == BigUInt(123))
        #expect(MultiStateRLE.write(again) == text)
        #expect(MultiStateUniverse(pattern: again).generation == BigUInt(123))
    }

    @Test func fingerprintsIgnorePlaceButSeeEveryState() throws {
        let rule = try MultiStateRule("/2/4")
        func fingerprint(_ cells: [MultiStateCell]) -> (StateFingerprint, BigInt, BigInt)? {
            let universe = MultiStateUniverse(pattern: MultiStatePattern(rule: rule, cells: cells))
            return universe.fingerprint(cache: FingerprintCache()).map { ($0.fingerprint, $0.x, $0.y) }
        }
        let shape = [MultiStateCell(x: 0, y: 0, state: 1), MultiStateCell(x: 3, y: 1, state: 2), MultiStateCell(x: 1, y: 5, state: 3)]
        let far = shape.map { MultiStateCell(x: $0.x + 1_000_003, y: $0.y - 77, state: $0.state) }
        let (a, ax, ay) = try #require(fingerprint(shape))
        let (b, bx, by) = try #require(fingerprint(far))
        #expect(a == b)
        #expect(bx - ax == BigInt(1_000_003) && by - ay == BigInt(-77))
        var changed = shape
        changed[1].state = 3
        #expect(try #require(fingerprint(changed)).0 != a)
        var moved = shape
        moved[2].x = 2
        #expect(try #require(fingerprint(moved)).0 != a)
        #expect(fingerprint([]) == nil)
    }
}
