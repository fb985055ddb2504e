import Foundation

/// How the catalog decides which food a person most likely means. Measured against the relevance
/// set in the tests (hit@3); change a weight only with that figure in hand.
package enum SearchRanking {
    /// bm25 column weights for `food_search`: head (before the first comma), rest, common name, manufacturer.
    static let columnWeights = "10.0, 2.0, 3.0, 1.0"
    /// Subtracted when every word naming the food itself was asked for ("Yogurt, plain" for "yogurt").
    static let coreCoveredBonus = 2.0

    /// Subtracted for a food the person has logged before, a little more the more often (up to 4
    /// times): what someone eats is likelier what they mean, without burying a better match.
    static func loggedBonus(times: Int) -> Double {
        times <= 0 ? 0 : 2.5 + 0.5 * log2(Double(min(times, 4)))
    }

    /// Groups whose foods are rarely what an unqualified query means.
    static let groupPenalty: [String: Double] = [
        "0300": 3, "2100": 3, "3600": 3, "3500": 4, "2200": 2, "0600": 1.5, "0700": 1.5, "2500": 1, "1900": 0.5,
    ]
    /// First segments that classify rather than name: in "Fish, salmon, Atlantic" the food is salmon.
    static let classifierHeads: Set<String> = [
        "beverages", "alcoholic beverage", "cereals", "fish", "nuts", "spices", "oil", "crustaceans",
        "mollusks", "seeds", "babyfood", "candies",
    ]
    static let basicForm = try! NSRegularExpression(pattern: #"\b(raw|plain|whole)\b"#, options: .caseInsensitive)
    static let processedForm = try! NSRegularExpression(
        pattern: #"imitation|meatless|dried|powder|dehydrated|low sodium|substitute|\bmix\b|breaded|tenders|deli|prepackaged"#,
        options: .caseInsensitive)
    static let brandLike = try! NSRegularExpression(pattern: #"[A-Z]{3,}"#)

    /// Query-independent score; lower ranks higher.
    package static func prior(description: String, manufacturer: String?, groupCode: String, inSurvey: Bool, portionCount: Int) -> Double {
        var prior = groupPenalty[groupCode] ?? 0
        if manufacturer != nil || matches(brandLike, description) { prior += 2 }
        if inSurvey { prior -= 1 }
        if matches(basicForm, description) { prior -= 0.7 }
        if matches(processedForm, description) { prior += 1 }
        prior += 0.1 * Double(description.filter { $0 == "," }.count)
        prior -= 0.25 * Double(min(portionCount, 6))
        return prior
    }

    /// The words that name the food itself, normalised as `Words.singular` does for queries.
    package static func coreTerms(description: String) -> [String] {
        let segments = description.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let first = segments.first else { return [] }
        let core = classifierHeads.contains(first.lowercased()) && segments.count > 1 ? segments[1] : first
        return Words.split(core).map(Words.singular)
    }

    private static func matches(_ regex: NSRegularExpression, _ text: String) -> Bool {
        regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}
