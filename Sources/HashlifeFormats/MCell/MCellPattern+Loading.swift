// MCellPattern+Loading.swift — an MCell file as a pattern of its rule's family.

import HashlifeEngine

extension MCellPattern {
    /// The file as a two-state document: every cell alive (a state above 1 becomes 1, as it
    /// does in Golly under a two-state rule), at the place the file gives, the "#D" lines as
    /// comments.
    var twoStateDocument: PatternDocument {
        var document = PatternDocument(cells: cells.map { PatternCell(x: $0.x, y: $0.y) }, rule: rule)
        document.ruleAt = ruleAt
        document.comments = comments.map { String($0.dropFirst(2).drop { $0 == " " }) }
        return document
    }
}

extension PatternCodec {
    /// An MCell file of either kind: multi-state when its rule is written in multi-state syntax
    /// (`AnyRule.isMultiStateSyntax`) or names a rule file (`RuleFolders.namesRuleFile`, as
    /// Golly's "#GOLLY WireWorld"), else two-state. With `checkingRule` false (the caller
    /// replaces the rule) a multi-state rule that does not parse leaves the cells in their
    /// states under no rule's limits, and a two-state one is not checked.
    static func decodeMCell(text: String, compressed: Bool, fileName: String?, checkingRule: Bool) throws(PatternReadError) -> LoadedPattern {
        do throws(PatternError) {
            let file = try MCellReader.read(text)
            guard AnyRule.isMultiStateSyntax(file.rule) || RuleFolders.namesRuleFile(file.rule) else {
                let document = file.twoStateDocument
                if checkingRule { try document.checkRule() }
                return .twoState(DecodedPattern(document: document, format: .mcell, compressed: compressed))
            }
            let rule: AnyRule
            do { rule = try RuleFolders.stateRule(file.rule) } catch {
                let at = file.ruleAt ?? PatternPosition(line: 1, column: 1)
                throw PatternError(line: at.line, column: at.column, message: error.description)
            }
            let pattern = MultiStatePattern(rule: rule, comments: file.comments, cells: file.cells(states: rule.stateCount))
            return .multiState(DecodedMultiStatePattern(pattern: pattern, format: .mcell, compressed: compressed))
        } catch {
            var located = error
            located.file = fileName
            throw .syntax(located)
        }
    }
}
