import Foundation

/// A branded food's label serving as a catalog portion: "2.5 ONZ" weighing 70 g is 2.5 oz,
/// "2/3 cup" 2/3 of a cup, "1 BAR" one bar. The label's words are kept; only GS1's unit codes
/// (ONZ, OZA, GRM, MLT) and the shouting are undone.
enum BrandedServing {
    static let unitCodes = ["ONZ": "oz", "OZA": "fl oz", "OZ": "oz", "GRM": "g", "MLT": "ml", "TBSP": "tbsp", "TSP": "tsp"]

    package static func portion(text: String, grams: Double) -> (amount: Double, description: String)? {
        guard grams.isFinite, grams > 0 else { return nil }
        // "1 Riegel (25 g)": the label says its weight after its name, and so does every portion's
        // label here, so it would read "1 Riegel (25 g) (25 g)". A literal regex is parsed anew
        // each time it is met: asked only of a label ending in ")", adding the branded foods took
        // a quarter less time (190 s to 141 s, debug build).
        let text =
            text.last(where: { !$0.isWhitespace }) == ")"
            ? text.replacing(/\s*\(\s*[0-9]+(?:[.,][0-9]+)?\s*(?:g|gr|ml|mL|cl|l)\s*\)\s*$/, with: "") : text
        let words = text.split(separator: " ").map(String.init)
        guard !words.isEmpty else { return (1, "serving") }
        let (amount, used) = leadingAmount(words)
        guard let amount, amount > 0, amount.isFinite else { return (1, "serving (\(text))") }
        let unit = words.dropFirst(used).map { word in
            unitCodes[word.uppercased()] ?? (word == word.uppercased() ? word.lowercased() : word)
        }
        return (amount, unit.isEmpty ? "serving" : unit.joined(separator: " "))
    }

    /// "2.5", "2/3" or "1 1/2" at the start, and how many words it took.
    private static func leadingAmount(_ words: [String]) -> (Double?, Int) {
        guard let first = words.first.flatMap(number) else { return (nil, 0) }
        if words.count > 1, words[0].allSatisfy(\.isNumber), words[1].contains("/"), let fraction = number(words[1]), fraction < 1 {
            return (first + fraction, 2)
        }
        return (first, 1)
    }

    private static func number(_ text: String) -> Double? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2, let numerator = Double(parts[0]), let denominator = Double(parts[1]), denominator > 0 {
            return numerator / denominator
        }
        return parts.count == 1 ? Double(text) : nil
    }
}
