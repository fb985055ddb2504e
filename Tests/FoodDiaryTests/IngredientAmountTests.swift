import FoodDiaryBase
import Testing

/// A line's amount weighed by a food's own portions, as USDA lists them.
@Suite struct IngredientAmountTests {
    static let egg = [
        Portion(key: "p1", label: "1 large", grams: 50), Portion(key: "p2", label: "1 extra large", grams: 56),
        Portion(key: "p3", label: "1 cup (4.86 large eggs)", grams: 243), Portion(key: "p4", label: "1 medium", grams: 44)
    ]
    static let butter = [
        Portion(key: "p1", label: "1 pat (1\" sq, 1/3\" high)", grams: 5), Portion(key: "p2", label: "1 tbsp", grams: 14.2),
        Portion(key: "p3", label: "1 cup", grams: 227), Portion(key: "p4", label: "1 stick", grams: 113)
    ]
    static let garlic = [
        Portion(key: "p1", label: "1 cup", grams: 136), Portion(key: "p2", label: "1 tsp", grams: 2.8),
        Portion(key: "p3", label: "3 cloves", grams: 9)
    ]
    static let celery = [
        Portion(key: "p1", label: "1 stalk, large (11\"-12\" long)", grams: 64),
        Portion(key: "p2", label: "1 stalk, medium (7-1/2\" - 8\" long)", grams: 40)
    ]
    static let cheddar = [
        Portion(key: "p1", label: "1 cup, diced", grams: 132), Portion(key: "p2", label: "1 cup, melted", grams: 244),
        Portion(key: "p3", label: "1 cup, shredded", grams: 113)
    ]
    static let cream = [
        Portion(key: "p1", label: "1 cup, whipped", grams: 120),
        Portion(key: "p2", label: "1 cup, fluid (yields 2 cups whipped)", grams: 238)
    ]
    static let potato = [
        Portion(key: "p1", label: "1 Potato large (3\" to 4-1/4\" dia)", grams: 369),
        Portion(key: "p2", label: "1 Potato medium (2-1/4\" to 3-1/4\" dia)", grams: 213)
    ]
    static let chickenBreast = [Portion(key: "p1", label: "0.5 breast, bone and skin removed", grams: 86)]

    static func grams(_ line: String, _ portions: [Portion], unit: MeasureUnit = .grams, isDrink: Bool = false) -> IngredientAmount {
        let line = IngredientLine(line)
        return IngredientAmount.of(line, portions: portions, unit: unit, foodWords: Words.split(line.food), isDrink: isDrink)
    }

    @Test func countedThingsAreTheirUsualSize() {
        #expect(Self.grams("2 eggs", Self.egg).grams == 100, "an egg is a large one")
        #expect(Self.grams("2 medium eggs", Self.egg).grams == 88)
        #expect(Self.grams("a potato", Self.potato).grams == 213, "a potato is a medium one")
        #expect(Self.grams("2 chicken breasts", Self.chickenBreast).grams == 344, "USDA's half breast is half of one")
        #expect(Self.grams("2 stalks celery", Self.celery).grams == 80, "of stalks, the medium one")
        #expect(Self.grams("2 eggs", Self.egg).guess == nil)
    }

    @Test func namedPortionsAndMeasuresWeighAsTheFoodsDataSays() {
        #expect(Self.grams("a pat of butter", Self.butter).grams == 5)
        #expect(Self.grams("2 tbsp butter", Self.butter).grams == 28.4)
        #expect(Self.grams("2-3 cloves garlic, minced", Self.garlic).grams == 7.5)
        #expect(Self.grams("1 cup shredded cheddar", Self.cheddar).grams == 113, "of cups alike, the one the line says")
        #expect(Self.grams("1 cup heavy cream", Self.cream).grams == 238, "not whipped, which the line did not say")
        #expect(Self.grams("100 g butter", Self.butter).label == "100 g")
        let half = Self.grams("1/2 cup butter", Self.butter)
        #expect(half.grams == 113.5 && half.typed == "0.5 cup" && half.guess == nil)
    }

    @Test func guessesSayWhy() {
        let water = Self.grams("1 cup flour", [])
        #expect(water.grams > 236 && water.grams < 237)
        #expect(water.guess?.contains("weighed as water") == true)
        #expect(Self.grams("butter", Self.butter).guess?.contains("No amount said") == true)
        #expect(Self.grams("a handful of almonds", []).grams == 30)
        #expect(Self.grams("3 bowls of butter", Self.butter).guess != nil)
        let latte = Self.grams("a latte", [], isDrink: true)
        #expect(latte.grams == 237 && latte.guess?.contains("a cup") == true)
        #expect(Self.grams("a scone", []).grams == 100)
    }

    @Test func whatThePersonLastHadIsTakenWhenNoAmountIsSaid() throws {
        let usual = ChosenAmount.everyday(portions: Self.butter)
        let amount = IngredientAmount.of(
            IngredientLine("butter"), portions: Self.butter, unit: .grams,
            usual: try ChosenAmount.validate(.init(choice: "p2", count: "2"), portions: Self.butter).get())
        #expect(amount.grams == 28.4 && amount.guess == nil && usual.grams == 5)
        #expect(IngredientAmount.of(IngredientLine("1 pat butter"), portions: Self.butter, unit: .grams).grams == 5, "a said amount wins")
    }

    @Test func typedAmountsReadBackTheSame() {
        for line in ["2 eggs", "1/2 cup butter", "a pat of butter", "3 cloves garlic", "150 g cheddar"] {
            let portions =
                line.contains("egg")
                ? Self.egg : line.contains("garlic") ? Self.garlic : line.contains("cheddar") ? Self.cheddar : Self.butter
            let amount = Self.grams(line, portions)
            #expect(Self.grams(amount.typed, portions).grams == amount.grams, "\(line) → \(amount.typed)")
        }
    }
}

/// What someone says they ate, split into the foods it names.
@Suite struct FoodSentenceTests {
    static func pieces(_ text: String) -> [[String]] { FoodSentence(text).parts.map(\.pieces) }

    @Test func commasLinesAndJoinersPartFoods() {
        #expect(
            Self.pieces("2 eggs, a slice of whole wheat toast with butter and a black coffee")
                == [["2 eggs"], ["a slice of whole wheat toast", "butter", "a black coffee"]])
        #expect(Self.pieces("- porridge\n• a banana\n\n* tea; 2 biscuits") == [["porridge"], ["a banana"], ["tea"], ["2 biscuits"]])
        #expect(Self.pieces("mac & cheese plus a coke") == [["mac", "cheese"], ["a coke"]])
        #expect(FoodSentence("mac & cheese").parts[0].whole == "mac & cheese")
    }

    @Test func amountsAndBracketsAreNotCut() {
        #expect(Self.pieces("1,5 kg potatoes") == [["1,5 kg potatoes"]])
        #expect(Self.pieces("1 and a half cups rice") == [["1 and a half cups rice"]])
        #expect(Self.pieces("soup (with bread and butter)") == [["soup (with bread and butter)"]])
        #expect(Self.pieces("and toast with") == [["and toast with"]], "a joiner first or last joins nothing")
    }

    @Test func aLongSentenceIsReadUpToItsLimit() {
        let text = Array(repeating: "tea", count: 100).joined(separator: ", ")
        #expect(FoodSentence(text, limit: 40).parts.count == 40)
        #expect(FoodSentence("a and b and c", limit: 2).parts.map(\.pieces) == [["a", "b"]])
        #expect(FoodSentence("   ,, \n ").parts.isEmpty)
    }
}
