// Common names of well-known objects of Conway's Life (B3/S23), by apgcode. The names are
// the usual ones (as on LifeWiki); the codes were checked against lifelib's.

extension Apgcode {
    /// The usual name of the B3/S23 object with apgcode `code`, if it is a well-known one.
    public static func name(of code: String) -> String? { lifeNames[code] }

    /// Well-known B3/S23 objects: apgcode → name.
    public static let lifeNames: [String: String] = [
        // Still lifes
        "xs4_33": "block",
        "xs4_252": "tub",
        "xs5_253": "boat",
        "xs6_356": "ship",
        "xs6_696": "beehive",
        "xs6_25a4": "barge",
        "xs6_39c": "aircraft carrier",
        "xs6_bd": "snake",
        "xs7_2596": "loaf",
        "xs7_25ac": "long boat",
        "xs7_178c": "eater 1",
        "xs8_6996": "pond",
        "xs8_35ac": "long ship",
        "xs8_25ak8": "long barge",
        "xs8_69ic": "mango",
        "xs8_312ko": "canoe",
        "xs8_3pm": "shillelagh",
        "xs8_rr": "bi-block",
        "xs9_4aar": "hat",
        "xs12_g8o653z11": "ship-tie",
        // Oscillators
        "xp2_7": "blinker",
        "xp2_7e": "toad",
        "xp2_318c": "beacon",
        "xp2_2a54": "clock",
        "xp3_co9nas0san9oczgoldlo0oldlogz1047210127401": "pulsar",
        "xp3_4hh186z07": "caterer",
        "xp4_37bkic": "mold",
        "xp5_idiidiz01w1": "octagon 2",
        "xp8_gk2gb3z11": "figure eight",
        "xp15_4r4z4r4": "pentadecathlon",
        "xp30_w33z8kqrqk8zzzw33": "queen bee shuttle",
        "xp46_033y133zzzckgsxsgkczz0cc": "twin bees shuttle",
        // Spaceships
        "xq4_153": "glider",
        "xq4_6frc": "LWSS",
        "xq4_27dee6": "MWSS",
        "xq4_27deee6": "HWSS",
    ]
}
