/// Counted nouns in messages: the one rule for every module that prints a count with its noun
/// (the classifier's evidence, the command line, the command language, the app). A count of
/// exactly one takes the singular, every other count (zero included) the plural:
/// "1 cell", "0 cells", "2 generations", "1 glider". Irregular nouns pass their plural.
public enum Plural {
    /// `count` and its noun: "1 cell", "24 cells".
    public static func count(_ count: some BinaryInteger, _ singular: String, plural: String? = nil) -> String {
        "\(count) " + noun(singular, plural: plural, one: count == 1)
    }

    /// `count` (in digits) and its noun, for exact counts of any size: "1 generation",
    /// "1000 generations".
    public static func count(_ count: BigUInt, _ singular: String, plural: String? = nil) -> String {
        "\(count) " + noun(singular, plural: plural, one: count == .one)
    }

    /// `text` (a count already written, such as an excerpt of a huge number) and the noun for
    /// `count`: `count(Excerpt.number(n), "frame", for: n)`.
    public static func count(_ text: String, _ singular: String, plural: String? = nil, for count: BigUInt) -> String {
        text + " " + noun(singular, plural: plural, one: count == .one)
    }

    /// The noun alone, for a count printed elsewhere ("of 5 soups", "1 of 1 row").
    public static func noun(_ singular: String, plural: String? = nil, for count: some BinaryInteger) -> String {
        noun(singular, plural: plural, one: count == 1)
    }

    /// The noun alone for an exact count of any size.
    public static func noun(_ singular: String, plural: String? = nil, for count: BigUInt) -> String {
        noun(singular, plural: plural, one: count == .one)
    }

    static func noun(_ singular: String, plural: String?, one: Bool) -> String {
        one ? singular : plural ?? singular + "s"
    }
}
