import Testing
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

/// Every family's rule text survives every writer and reader (RLE, Macrocell, plaintext's
/// "!Rule:", Life 1.06's "#R"), and so does the generation of a B0 rule's odd state, whose
/// background the reader's universe reports again.
@Suite struct RuleFamilyFormatTests {
    static let rules = [
        "W30", "W110", "B0/S8", "B0134/S23", "B3/S23-a4ei6", "B2cek3i/S12cei", "B36/S23",
        "MAPARYXfhZofugWaH7oaIDogBZofuhogOiAaIDogIAAgAAWaH7oeIDogGiA6ICAAIAAaIDogIAAgACAAIAAAAAAAA",
        "MAPeHj//3h4//94eP//eHj//3h4//94eP//eHj//3h4//94eP//eHj//3h4//94eP//eHj//3h4//94eP//eHj//w",
    ]

    @Test(arguments: rules)
    func ruleTextSurvivesEveryFormat(text: String) throws {
        let rule = try Rule(text)
        #expect(rule.description == text, "the list holds canonical texts")
        let universe = Universe(rule: rule, referenceCells: randomSoup(width: 8, height: 8, density: 0.5, seed: 9))
        universe.step(by: BigUInt(3))
        let next = Universe(rule: rule, referenceCells: randomSoup(width: 8, height: 8, density: 0.5, seed: 9))
        next.step(by: BigUInt(4))
        for format in [PatternFormat.rle, .macrocell, .plaintext, .life106] {
            let bytes = try PatternCodec.encode(universe, as: format, compressed: false)
            let decoded = try PatternCodec.decode(bytes)
            #expect(decoded.document.rule == text, "\(text) via \(format.displayName)")
            let copy = try Universe(document: decoded.document)
            #expect(copy.rule == rule, "\(text) via \(format.displayName)")
            #expect(copy.referenceCells == universe.referenceCells, "\(text) via \(format.displayName)")
            if format == .rle || format == .macrocell {
                // These carry the generation, and with it the background of a B0 rule.
                #expect(copy.generation == BigUInt(3))
                #expect(copy.background == universe.background)
                copy.step()
                #expect(copy.referenceCells == next.referenceCells, "\(text) via \(format.displayName), one step on")
            }
        }
    }

    @Test func aBadRuleInAFileNamesTheLineAndColumn() {
        for (text, message) in [("x = 1, y = 1, rule = W31\no!\n", "odd"), ("x = 1, y = 1, rule = MAPAB\no!\n", "86 base64 characters"),
                                ("x = 1, y = 1, rule = B2/S37H\no!\n", "hexagonal")] {
            do {
                _ = try PatternCodec.decode(Array(text.utf8), fileName: "bad.rle")
                Issue.record("\(text) was accepted")
            } catch {
                #expect("\(error)".contains("bad.rle:1:22"), "\(error)")
                #expect("\(error)".contains(message), "\(error)")
            }
        }
    }
}
