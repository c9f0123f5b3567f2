import HashlifeAnalysis
import HashlifeSupport

extension BoardService {
    /// The JSON of `hashlife classify --json` for `result`: verdict, generation (string),
    /// period, dx, dy, speed, escaping, increment, evidence where they apply, population (string).
    public static func verdictJSON(_ result: Classification) -> JSONValue { result.json }
}
