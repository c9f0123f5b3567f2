import Foundation

/// Small multi-state patterns, written here so the tests carry their inputs.
public enum MultiStateSamples {
    /// Star Wars (345/2/4): a few cells in every state.
    public static let starWars = """
    #C a small mix of states under Star Wars
    x = 5, y = 4, rule = 345/2/4
    .AB.A$AAC.A$.BA.C$AA.AA!
    """

    /// Brian's Brain (/2/3): a firing pair with its refractory tail (a spaceship).
    public static let brain = """
    x = 2, y = 3, rule = /2/3
    AA$BB$2.!
    """

    /// LifeHistory: a glider (state 1) over a history trail (state 2) and a marked cell (4).
    public static let history = """
    x = 5, y = 5, rule = LifeHistory
    .A$2.A$3A$BBB$4.D!
    """

    /// `text` written to a fresh file named `name`; its path.
    public static func file(_ text: String, named name: String = "pattern.rle") throws -> String {
        let path = ScratchFolder.make("multistate") + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
