import Foundation

/// The meal a sentence names besides its foods: "for lunch: soup and bread", "2 eggs and toast for
/// breakfast", "dinner - pasta". Only a meal word set apart is read (a colon or dash after it, "for",
/// "at" or "as" before it), so "breakfast burrito" stays a food. The person's own names for the
/// meals count as well as the usual words.
struct SaidMeal: Sendable, Equatable {
    let slot: MealSlot
    /// The sentence without the words that named the meal.
    let foods: String

    private static let usualWords: [(String, MealSlot)] = [
        ("breakfast", .breakfast), ("lunch", .lunch), ("dinner", .dinner), ("supper", .dinner),
        ("snacks", .snacks), ("snack", .snacks), ("a snack", .snacks)
    ]

    init?(_ text: String, names: MealSlotNames) {
        let words = Self.usualWords + MealSlot.allCases.map { (names[$0].lowercased(), $0) }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let lowered = trimmed.lowercased()
        // Longest first: "a snack" before "snack", "snacks" before "snack".
        for (word, slot) in words.sorted(by: { $0.0.count > $1.0.count }) where !word.isEmpty {
            for lead in ["for \(word)", "at \(word)", word] {
                let marks = lead == word ? [":", " -", " –"] : [":", " -", " –", ",", " "]
                for mark in marks where lowered.hasPrefix(lead + mark) {
                    self.init(slot: slot, foods: String(trimmed.dropFirst(lead.count + mark.count)))
                    return
                }
            }
            for lead in ["for ", "at ", "as "] {
                let tail = " " + lead + word
                for end in [tail, tail + ".", "," + tail, "," + tail + "."] where lowered.hasSuffix(end) {
                    self.init(slot: slot, foods: String(trimmed.dropLast(end.count)))
                    return
                }
            }
        }
        return nil
    }

    private init(slot: MealSlot, foods: String) {
        self.slot = slot
        self.foods = foods.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
