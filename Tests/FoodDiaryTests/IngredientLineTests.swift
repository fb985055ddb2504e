import FoodDiaryBase
import Testing

/// Lines as recipes and people write them, read into an amount, a measure and the food's words.
@Suite struct IngredientLineTests {
    /// A line, and what it must read as: how many, grams or millilitres or the item counted (nil
    /// when none), the food's words and the note.
    struct Case: Sendable, CustomTestStringConvertible {
        let line: String
        let count: ClosedRange<Double>?
        let grams: Double?
        let millilitres: Double?
        let item: String?
        let food: String
        let note: String
        var testDescription: String { line }

        init(
            _ line: String, _ count: ClosedRange<Double>?, grams: Double? = nil, ml: Double? = nil, item: String? = nil, _ food: String,
            note: String = ""
        ) {
            (self.line, self.count, self.grams, self.millilitres, self.item, self.food, self.note) = (
                line, count, grams, ml, item, food, note
            )
        }
    }

    static let cup = 236.5882365, tablespoon = 14.78676478125, teaspoon = 4.92892159375, ounce = 28.349523125

    static let cases: [Case] = [
        // What people say they ate.
        Case("2 eggs", 2...2, "eggs"),
        Case("a slice of whole wheat toast", 1...1, item: "slice", "whole wheat toast"),
        Case("a black coffee", 1...1, "black coffee"),
        Case("half an avocado", 0.5...0.5, "avocado"),
        Case("an apple", 1...1, "apple"),
        Case("two bananas", 2...2, "bananas"),
        Case("a couple of biscuits", 2...2, "biscuits"),
        Case("a few almonds", 3...3, "almonds"),
        Case("a dozen oysters", 12...12, "oysters"),
        Case("half a dozen eggs", 6...6, "eggs"),
        Case("100g chicken breast", 100...100, grams: 100, "chicken breast"),
        Case("2 x 30 g crispbread", 2...2, grams: 60, "crispbread"),
        Case("2x30g crispbread", 2...2, grams: 60, "crispbread"),
        Case("3x eggs", 3...3, "eggs"),
        Case("coffee with milk", nil, "coffee with milk"),
        Case("salt", nil, "salt"),
        Case("about 200 g rice", 200...200, grams: 200, "rice"),
        Case("a glass of orange juice", 1...1, item: "glass", "orange juice"),
        Case("a bowl of porridge", 1...1, item: "bowl", "porridge"),
        // Recipes' lines.
        Case("1½ cups of milk", 1.5...1.5, ml: 1.5 * cup, "milk"),
        Case("1 1/2 cups flour", 1.5...1.5, ml: 1.5 * cup, "flour"),
        Case("¾ cup sugar", 0.75...0.75, ml: 0.75 * cup, "sugar"),
        Case("1/3 cup olive oil", (1.0 / 3)...(1.0 / 3), ml: cup / 3, "olive oil"),
        Case("3 tbsp olive oil", 3...3, ml: 3 * tablespoon, "olive oil"),
        Case("2 Tbsp. butter", 2...2, ml: 2 * tablespoon, "butter"),
        Case("2 T butter", 2...2, ml: 2 * tablespoon, "butter"),
        Case("1 t vanilla extract", 1...1, ml: teaspoon, "vanilla extract"),
        Case("½ tsp salt", 0.5...0.5, ml: teaspoon / 2, "salt"),
        Case("2-3 cloves garlic, minced", 2...3, item: "clove", "garlic", note: "minced"),
        Case("2–3 cloves of garlic", 2...3, item: "clove", "garlic"),
        Case("2 to 3 tablespoons lemon juice", 2...3, ml: 2.5 * tablespoon, "lemon juice"),
        Case("1 or 2 slices bread", 1...2, item: "slice", "bread"),
        Case("2 large eggs", 2...2, item: "large", "eggs"),
        Case("1 medium onion, finely chopped", 1...1, item: "medium", "onion", note: "finely chopped"),
        Case("1 (14.5 oz) can diced tomatoes", 1...1, grams: 14.5 * ounce, "diced tomatoes"),
        Case("1 can (400 g) chickpeas, drained", 1...1, grams: 400, "chickpeas", note: "drained"),
        Case("2 cans (400g each) coconut milk", 2...2, grams: 800, "coconut milk", note: "each"),
        Case("1 lb ground beef", 1...1, grams: 453.59237, "ground beef"),
        Case("8 oz cream cheese, softened", 8...8, grams: 8 * ounce, "cream cheese", note: "softened"),
        Case("1.5 kg potatoes", 1.5...1.5, grams: 1500, "potatoes"),
        Case("500 ml vegetable stock", 500...500, ml: 500, "vegetable stock"),
        Case("1 l milk", 1...1, ml: 1000, "milk"),
        Case("4 fl oz cream", 4...4, ml: 4 * 29.5735295625, "cream"),
        Case("250 gr pasta", 250...250, grams: 250, "pasta"),
        Case("a pinch of salt", 1...1, ml: teaspoon / 16, "salt"),
        Case("salt and pepper to taste", nil, "salt and pepper", note: "to taste"),
        Case("fresh parsley, for garnish (optional)", nil, "fresh parsley", note: "for garnish; optional"),
        Case("1 bunch fresh coriander", 1...1, item: "bunch", "fresh coriander"),
        Case("3 rashers bacon", 3...3, item: "rasher", "bacon"),
        Case("2 chicken breasts", 2...2, "chicken breasts"),
        Case("juice of 1 lemon", nil, "juice of 1 lemon"),
        Case("1 cup (120 g) flour", 1...1, grams: 120, "flour"),
        Case("2 cups (240 g) flour", 2...2, grams: 240, "flour"),
        Case("2 (15 oz) cans black beans", 2...2, grams: 30 * ounce, "black beans"),
        Case("1 x 400g tin of chopped tomatoes", 1...1, grams: 400, "chopped tomatoes"),
        Case("a 500 g bag of rice", 500...500, grams: 500, "rice"),
        Case("1/2 an onion", 0.5...0.5, "onion"),
        Case("1 cup chopped walnuts", 1...1, ml: cup, "chopped walnuts"),
        Case("3 eggs, beaten", 3...3, "eggs", note: "beaten"),
        Case("2 tbsp (30 ml) soy sauce", 2...2, ml: 2 * tablespoon, "soy sauce")
    ]

    @Test(arguments: cases) func readsTheAmountMeasureAndFood(_ expected: Case) {
        let line = IngredientLine(expected.line)
        #expect(
            line.count.map { [$0.lowerBound, $0.upperBound] }?.map(Self.rounded)
                == expected.count.map { [$0.lowerBound, $0.upperBound] }?.map(Self.rounded))
        #expect(line.grams.map(Self.rounded) == expected.grams.map(Self.rounded), "grams")
        #expect(line.millilitres.map(Self.rounded) == expected.millilitres.map(Self.rounded), "millilitres")
        if case .item(let item) = line.measure { #expect(item == expected.item) } else { #expect(expected.item == nil, "an item") }
        #expect(line.food == expected.food)
        #expect(line.note == expected.note)
    }

    /// A decimal comma where the line's language writes one, and grouped thousands where not.
    @Test func numbersAsTheirLanguageWritesThem() {
        #expect(IngredientLine("1,5 kg Kartoffeln", convention: .decimalComma).grams == 1500)
        #expect(IngredientLine("1,5 kg potatoes").grams == 1500)
        #expect(IngredientLine("1,000 g flour").grams == 1000)
        #expect(IngredientLine("0,5 l Milch", convention: .decimalComma).millilitres == 500)
    }

    /// Words it cannot place stay in the food, never dropped, and odd input reads as a food.
    @Test func nothingTypedIsDropped() {
        for text in ["", "   ", "-", "1/0 cup sugar", "ﾟ･✿ mystery ✿･ﾟ", "café au lait 🥛", "999999999999999999999 g rice", "(", "((1 g))"] {
            let line = IngredientLine(text)
            let kept = [line.food, line.note].joined(separator: " ")
            for word in text.split(separator: " ") where !["g", "cup", "-", "(", "((1", "g))"].contains(word) && Double(word) == nil {
                #expect(kept.contains(word.trimmingCharacters(in: .punctuationCharacters)), "\(text): \(word)")
            }
            #expect(line.grams.map(\.isFinite) != false)
        }
    }

    private static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
