import Testing
import HashlifeEngine
import HashlifeFormats

/// Weighted (W, with and without state weights) and custom (@) neighbourhoods, on the square,
/// hexagonal (H) and triangular (L) grids, unbounded and on tori and planes, against bgolly's
/// populations (Golly's Larger than Life algorithm, `bgolly -a "Larger than Life" -m 30 -i 10`)
/// for random 10×10 soups. Golly's own folder has no pattern with these forms.
@Suite struct WeightedNeighbourhoodOracleTests {
    /// Rule, soup (RLE body), and bgolly's populations at generations 10, 20 and 30.
    static let cases: [(rule: String, soup: String, populations: [Int])] = [
        ("R1,C0,S9-11,B2-5,NWf12f32301", "bobobbboob$oooobbbbob$bbbbobooob$oobbboobbb$bobbbbbbbo$boobobobob$booobobobb$ooobbbbbbb$bbbbboobbo$obbobobbbb!", [144, 312, 540]),
        ("R1,C0,S2,B1,NW050001010002018302H:T17,23", "bobbbbbbbb$oooobobbbb$oobobbbbob$bobbbobobb$bboboobboo$bobbbbbobo$bbobooooob$obobbobbbb$obboboobbb$bboobbobbo!", [44, 42, 66]),
        ("R2,C0,S6-8,B1-5,NWff9021f20ff920f0199111f10H:T17,23", "booooooooo$bobbobobbb$bobbobbbbb$oboooboobb$obbbbobooo$bobooooobb$bobooobobo$bbbboboobb$bboboobooo$bobbobobbb!", [75, 64, 54]),
        ("R1,C5,S2,B1-3,N@89", "CD.DB.D..C$C.CD...A.A$D...B.B.C.$.A....BCD.$.....B....$A.CC......$AC.C..BC.A$..........$.AC...AC.B$...BA.....!", [272, 546, 865]),
        ("R1,C0,S8,B1-2,NW020500830000830101", "bbooooobbo$bbobbbobbo$oobooobbbb$obobboobbb$obbbbbbbbo$bboobbbbbb$bobobboobo$bbbobbobbb$bbbobbobbo$oboobbbbbb!", [107, 233, 354]),
        ("R2,C2,S13,B1-2,N@afab11:T20,20", "oobobboobb$oooboobbob$bbboboobbb$bbboobbooo$bbbobbbboo$obbboboobo$bbbobbboob$boboboobbb$bbobbbbbob$obobbobbbo!", [74, 103, 116]),
        ("R1,C4,S4-6,B3,NW9ff191f10,0320H", "...CA....B$....A.ACC.$..C...A.B.$...AABB..A$C..CB..A..$.A.C..CB..$..BA...C..$.A.......A$..B...B.CB$...B.CC.C.!", [42, 60, 79]),
        ("R2,C3,S77-78,B13-15,NW0c0c00020101010c01058302050202020583050c000c830205", "...A...B.A$...A......$..AABA.BB.$......AB..$...BBB.A..$B....B.B..$.ABAA.BB..$....B...BA$..AA.AA..B$.B..A.B...!", [14, 26, 17]),
        ("R2,C2,S54,B2-3,NW01050c0500000c830005018305000583000502830c0c020c0cL:P16,18", "obbbbooobo$boobbbobbb$bobbbbbobb$boobbbbbob$bobbbbboob$oobbbboboo$bbobooooob$bbbobbboob$oboobbbbbo$bbbobboobb!", [19, 7, 10]),
        ("R1,C0,S1-2,B2,N@71H", "bobbobbboo$bbbooooobb$bobbbbbbbo$bbobboobbb$ooobbboobb$obooobbbob$bbbobooboo$bbbboobboo$obobobbbbo$obobooobob!", [78, 143, 171]),
        ("R1,C5,S2-3,B2-4,NW210111f3f,30200H:T20,20", "C........A$....B.B.CA$B..BC.D..C$A.D..C.C.D$D..A..AA..$.A.BC....C$CB....CD.D$C.A..BAB..$CB....C.BB$CCCD.D..A.!", [19, 19, 23]),
        ("R1,C5,S4,B1,N@3b:T20,20", "..ADA..BCA$CD.B......$...D..D.B.$.A.DA..D.D$.B.A.BB...$.A..B.C.D.$...DD..CAD$B...C..DDC$DA...DD.CD$.D.....D..!", [252, 261, 263]),
        ("R2,C0,S1-3,B2,N@c31ca6", "obobobbbbb$bobobbobbb$bbbbobbboo$boobbbbobo$bbboobbboo$bbbboobobb$oboboooboo$ooobobbbbb$obbbbbbbbo$boobbbobbb!", [239, 707, 1382]),
        ("R1,C2,S4,B2-3,N@b1", "bbbooboboo$boobbooobo$oboobooboo$obbbobbbob$bboobbbbbo$bbbboboobo$obbboobboo$bbbboboboo$bbbobbooob$bbbooobbbo!", [28, 28, 30]),
        ("R1,C5,S1-3,B1-2,N@32L", "AC.A...B..$...BDA..A.$ACADBABD..$.......C..$.........D$.BDD...DBD$......C..B$C....A....$.....A.AC.$B..DAA...A!", [567, 1607, 3147]),
        ("R3,C4,S86-88,B6,NW0111f19130391f0113f91f092000102313921211191213991,1102L", "C.A...A.B.$...A...AC.$BA.BAA..AB$....BBB.CC$.C.....A..$C...B.AB..$..BB..B..C$A..C.A.AAA$A....BA.C.$...AC....B!", [47, 100, 159]),
        ("R1,C5,S4,B1,N@cd:P16,18", "..B.AA.A.D$B..BC.A.A.$.A.D.A..C.$...C..B.C.$......B..D$..C.B.DDB.$B...CD..BB$A.......A.$....CC.D.C$A.B..B....!", [176, 192, 177]),
        ("R1,C0,S3-4,B1-4,N@1eH:T20,20", "oboobbobbo$ooobbooboo$bbobbobbob$boooobboob$oobboobbob$boobbobbob$boboboobob$bbbobbbobb$bbbbobobbo$obooooboob!", [223, 202, 202]),
        ("R1,C0,S1-2,B2,N@2aH:T20,20", "boobbobooo$booboobbbb$bbobbbbbbb$bobbbbobbo$obobbobobb$bbbbbobbbb$obobbbbbob$boobobbobo$obobbbbbbb$bboboobobb!", [24, 37, 33]),
        ("R2,C2,S6-8,B1,NW0100830100830005830c02020202050c050501028302010201L:T20,20", "bbobbobobb$ooboobobob$bobobbbooo$obbbboooob$booobbboob$obbbobobob$bbbobbbooo$obbbbobboo$bbbooobboo$bbbboooooo!", [42, 38, 36]),
        ("R1,C4,S6,B1-2,N@faL", "B.A....A..$A.....C.B.$C......ABB$...C.....B$BA...C.B..$CA..A..BB.$.A.A..B..A$.A..C.C...$A..BB...C.$.....A.BC.!", [623, 1742, 3394]),
        ("R1,C2,S2,B1,NW2f1310110H", "bbbbbooobb$obobobbobo$ooboobobbo$bobobbobbo$obbbobbboo$obooooobbo$booboboobb$boobbobbbb$ooooobobob$bbbobbboob!", [87, 195, 323]),
        ("R1,C5,S6,B13-16,NW210021311,21100L", ".CA.B.D...$C....A.CDB$..BBB.C.C.$.C..AC.D..$DDADDB.D.D$CD....B.C.$ABD.B....C$...DDC.AAD$.CB...A...$A.C....B..!", [107, 176, 254]),
        ("R1,C2,S5,B2-3,NW919013111:T17,23", "obbbbooobo$obbbbbobbo$obobbbbbbb$oooobbboob$bboobbbboo$bobooobbbb$oboobbobbb$bbooooobbb$bbbbobbbob$obbbobobob!", [20, 20, 15]),
        ("R1,C4,S2,B1-2,N@48H:T20,20", "CC.C.BA...$.........C$..BBA....A$.BCA.B.B.C$.A.B.ABAA.$.C.....AB.$.BA..A..BC$A..BB..C..$A..C.B....$..B...BC..!", [132, 245, 240]),
        ("R1,C0,S3,B1-3,NWf1ff11391H", "bobbbbbbbb$ooobboobbb$boboobobbb$oobboooobb$bbbobobboo$obbooobbbo$bbbbbbbbbb$bobbobboob$obbbboobbb$bobbbobboo!", [161, 396, 730]),
        ("R2,C5,S43,B12,NW1313f3f31f0030091921f931f,02313H:T17,23", "C..BAADBB.$C.AD...DD.$AD.......C$..DC...D..$DDCC..BB..$...DB..C..$.B.BBBD..D$B..A.AC.AC$.BBBC..BBD$D.B....D.D!", [27, 21, 9]),
        ("R1,C0,S2-3,B1,N@a4L:T20,20", "boobobbbob$ooobbboobo$boooobboob$bbbobbobbo$obobooobbo$bboboooobo$bbbobobobb$bbbbobbobb$oobbbbobbb$obbbbboobb!", [145, 184, 218]),
        ("R2,C3,S12,B1,N@c0716fH", "......A...$.A.....BBB$.A........$.BABA....B$...A......$.....A...B$AA.AA..B.B$B.B..ABBA.$...BA.B...$.A....AAB.!", [634, 2092, 4757]),
        ("R1,C2,S2-5,B1-3,NWf999113f0:T17,23", "booboboobo$obbobbbbbo$bobbbbbbob$oobbbooooo$ooooobobbb$obooobbbbo$bobbboobbb$bbobbbbobb$oobbbobboo$bbbbbobbbo!", [26, 36, 39]),
        ("R1,C5,S5-6,B1,N@f3L", ".D.B.AC...$...D.C....$..D.......$.CBDCDC...$....D.....$..D.AC.A..$..BD..BDD.$...DC....C$....D.B.A.$.......B..!", [425, 1191, 2539]),
        ("R3,C0,S19-20,B1-4,N@2a6a592a9d9fH", "bbbbbbobbb$obbboobboo$obbbooooob$boobboobob$oboobooobo$obbbbooobb$bbobbbbboo$bobbobbbbb$ooooboobbb$bbbboooobb!", [888, 3192, 7183]),
    ]

    @Test(arguments: cases)
    func populationsEqualBgollys(_ rule: String, _ soup: String, _ populations: [Int]) throws {
        let text = "x = 10, y = 10, rule = \(rule)\n\(soup)\n"
        let universe = try PatternCodec.decodeAny(Array(text.utf8), fileName: "soup.rle").universe()
        #expect(universe.anyRule.familyName == "Larger than Life")
        var reached: [Int] = []
        for _ in 0..<3 {
            try universe.step(by: 10)
            reached.append(Int(universe.population.description)!)
        }
        #expect(reached == populations, "\(rule)")
    }
}
