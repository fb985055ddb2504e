import Foundation

/// One food a model saw, as its structured answer gives it: a name and an estimated weight. Only a
/// proposal: it becomes a line of "Type it as you'd say it" and is mapped and checked there.
struct SuggestedFood: Sendable, Equatable {
    let name: String
    let grams: Double

    static let most = 20
    static let gramsRange = 1.0...3_000

    /// The JSON schema the answer must follow: `{"items": [{"name": "...", "grams": 150}]}`.
    static var schema: [String: Any] {
        [
            "type": "object", "additionalProperties": false, "required": ["items"],
            "properties": [
                "items": [
                    "type": "array", "maxItems": most,
                    "items": [
                        "type": "object", "additionalProperties": false, "required": ["name", "grams"],
                        "properties": ["name": ["type": "string"], "grams": ["type": "number"]]
                    ]
                ]
            ]
        ]
    }

    static let instructions = """
        You list the foods and drinks visible in a photo of a meal, for a food diary. Name each as a \
        person would type it into a food search, plainly and in English ("grilled chicken breast", \
        "white rice", "cola"), and estimate its weight in grams as served. Leave out plates, cutlery \
        and anything not eaten. If you see no food, give an empty list.
        """

    /// The items of an answer's content, or nil when it is not the JSON asked for. Items without a
    /// name or with a weight no serving has are left out; names lose what would split a line.
    static func read(content: String) -> [SuggestedFood]? {
        guard let items = ModelAnswer.object(content)?["items"] as? [Any] else { return nil }
        return items.prefix(most).compactMap { item in
            guard let item = item as? [String: Any], let rawName = item["name"] as? String,
                let grams = ModelAnswer.number(item["grams"]), grams.isFinite, gramsRange.contains(grams)
            else { return nil }
            let name = String(
                rawName.unicodeScalars.map { CharacterSet.newlines.contains($0) || ",;".unicodeScalars.contains($0) ? " " : Character($0) }
            )
            .split(separator: " ").joined(separator: " ")
            guard !name.isEmpty, name.count <= 80 else { return nil }
            return SuggestedFood(name: name, grams: grams.rounded())
        }
    }

    /// "150 g grilled chicken": a line the ingredient parser reads as typed.
    var line: String { "\(Int(grams)) g \(name)" }
}
